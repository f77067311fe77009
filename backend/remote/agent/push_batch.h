#pragma once
// The agent's batches on the wire (PushSamplesRequest, docs/remote.md "Telemetry ingress").
// A buffered batch is self-contained: it names every series it uses with batch-local refs, so
// it can be sent on any stream, even by a later run of the agent. PushStreamEncoder turns it
// into a stream's message: series the stream has seen go by their stream ref, only new ones
// are named, so a steady agent sends refs and numbers, not label maps.

#include "backend/api/supernode.pb.h"
#include "backend/telemetry/metric_sample.h"

#include <map>
#include <string>
#include <vector>

namespace sn::agent {

// samples: one collection; any order (sorted by series, then time, in the batch).
supernode::v1::PushSamplesRequest encodeBatch(std::uint64_t sequence, const std::string &agent,
                                              std::vector<MetricSample> samples);

class PushStreamEncoder {
public:
    // The message for this stream; a new stream needs a new encoder.
    supernode::v1::PushSamplesRequest forStream(const supernode::v1::PushSamplesRequest &batch);

private:
    std::map<std::pair<std::string, Labels>, std::uint32_t> m_refs;
};

} // namespace sn::agent
