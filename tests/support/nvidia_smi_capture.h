#pragma once
// A real `nvidia-smi --query-gpu` capture (with header and units) as the collector asks for it:
// what `nvidia-smi --query-gpu=FIELDS --format=csv,noheader,nounits` prints on that machine.
// Fake nvidia-smi scripts in tests print this, as nvidia_gpu_exporter's fake-nvidia-smi does.

#include <QByteArray>

#include <string>
#include <vector>

namespace sn::test {

// The capture's first row with only `fields`, in their order, without units. qFatal()s when the
// capture lacks a field: the fixture is wrong, not the code under test.
QByteArray projectNvidiaSmiCapture(const QByteArray &csv, const std::vector<std::string> &fields);

} // namespace sn::test
