#pragma once
// MetricSample, Labels and series live in backend/model/metric_sample.h, where other engine areas
// (comms' live link state) can read them without depending on telemetry; this name still works.
#include "backend/model/metric_sample.h"
