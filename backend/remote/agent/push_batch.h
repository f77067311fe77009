#pragma once
// The agent's batches on the wire (PushSamplesRequest, docs/remote.md "Telemetry ingress").
// A buffered batch is self-contained: it names every series it uses with batch-local refs, so
// it can be sent on any stream, even by a later run of the agent. PushStreamEncoder turns it
// into a stream's message: series the stream has seen go by their stream ref, only new ones
// are named, so a steady agent sends refs and numbers, not label maps.

#include "backend/api/supernode.pb.h"
#include "backend/model/log_record.h"
#include "backend/telemetry/metric_sample.h"

#include <map>
#include <span>
#include <string>
#include <vector>

namespace sn::agent {

// samples: one collection; any order (sorted by series, then time, in the batch).
supernode::v1::PushSamplesRequest encodeBatch(std::uint64_t sequence, const std::string &agent,
                                              std::vector<MetricSample> samples);

// The node's log lines, as read, into the batch (LogLine: time, node, source, text, GPU, cut).
void appendLogLines(supernode::v1::PushSamplesRequest &batch, std::span<const LogRecord> lines);

// Where a run of log lines is split into batches: at most this many lines or bytes of text in
// one, so a burst (a flood of kernel messages) never makes a message the daemon refuses.
constexpr std::size_t kMaxLogLinesPerBatch = 2000;
constexpr std::size_t kMaxLogBytesPerBatch = 1 << 20;
// Where each batch's run of lines ends (exclusive), in order; a line longer than the byte bound
// goes alone. Empty for no lines.
std::vector<std::size_t> logBatchEnds(const std::vector<LogRecord> &lines);

class PushStreamEncoder {
public:
    // The message for this stream; a new stream needs a new encoder.
    supernode::v1::PushSamplesRequest forStream(const supernode::v1::PushSamplesRequest &batch);

private:
    std::map<std::pair<std::string, Labels>, std::uint32_t> m_refs;
};

} // namespace sn::agent
