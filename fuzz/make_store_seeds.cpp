// Writes the binary seeds of the store targets with the store's own encoders, so the seeds are
// what a real store writes: chunks of each value encoding (fuzz_chunk_decoder), a WAL segment
// with series and sample records (fuzz_wal_replay), a block in fuzz_block's framing, and
// segments of the agent's disk buffer in fuzz_disk_buffer's framing (DiskBuffer's own writer).
//   make_store_seeds <fuzz/corpus>
#include "backend/remote/agent/disk_buffer.h"
#include "backend/telemetry/store/block.h"
#include "backend/telemetry/store/chunk_encoding.h"
#include "backend/telemetry/store/wal.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>
#include <vector>

namespace {

void writeSeed(const QString &dir, const QString &name, const std::vector<std::uint8_t> &bytes)
{
    QDir().mkpath(dir);
    QFile f(dir + QLatin1Char('/') + name);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        f.write(reinterpret_cast<const char *>(bytes.data()), static_cast<qint64>(bytes.size())) !=
            static_cast<qint64>(bytes.size())) {
        std::fprintf(stderr, "make_store_seeds: cannot write %s\n", qPrintable(f.fileName()));
        std::exit(1);
    }
}

struct Series {
    const char *name;
    std::vector<std::int64_t> times;
    std::vector<double> values;
};

std::vector<Series> sampleSeries()
{
    std::vector<Series> all;
    Series util{"util_regular_decimal", {}, {}}, power{"power_jittered_xor", {}, {}}, flat{"constant", {}, {}},
        special{"escaped_specials", {}, {}};
    for (int i = 0; i < 40; ++i) {
        util.times.push_back(1'700'000'000'000 + i * 1000);
        util.values.push_back(i % 7 * 12.5);
        power.times.push_back(1'700'000'000'000 + i * 1000 + (i * 37) % 11);
        power.values.push_back(250.0 + std::sin(i) * 31.337);
        flat.times.push_back(1'700'000'000'000 + i * 15000);
        flat.values.push_back(81920);
    }
    special.times = {1, 2, 4, 8, 16};
    special.values = {NAN, sn::tsdb::staleMarker(), INFINITY, -0.0, 1e-300};
    all.push_back(util);
    all.push_back(power);
    all.push_back(flat);
    all.push_back(special);
    return all;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_store_seeds <fuzz/corpus>\n");
        return 2;
    }
    const QString corpus = QString::fromLocal8Bit(argv[1]);
    const auto series = sampleSeries();

    for (const Series &s : series) {
        std::vector<std::uint8_t> chunk;
        sn::tsdb::encodeChunk(s.times.data(), s.values.data(), s.times.size(), chunk);
        writeSeed(corpus + QStringLiteral("/fuzz_chunk_decoder"), QString::fromLatin1(s.name), chunk);
    }
    const sn::tsdb::ValueEncoding forced[] = {sn::tsdb::ValueEncoding::DecimalDelta,
                                              sn::tsdb::ValueEncoding::DecimalDoubleDelta};
    for (auto encoding : forced) {
        std::vector<std::uint8_t> chunk;
        if (sn::tsdb::encodeChunkAs(encoding, series[0].times.data(), series[0].values.data(), series[0].times.size(),
                                    chunk))
            writeSeed(corpus + QStringLiteral("/fuzz_chunk_decoder"),
                      QStringLiteral("decimal_encoding_%1").arg(int(encoding)), chunk);
    }

    {
        QTemporaryDir tmp;
        auto wal = sn::tsdb::Wal::create(tmp.path(), sn::tsdb::WalSync::Never, 1000);
        if (!wal) {
            std::fprintf(stderr, "make_store_seeds: %s\n", wal.error().message.c_str());
            return 1;
        }
        std::vector<sn::tsdb::RefSample> samples;
        for (std::size_t i = 0; i < series.size(); ++i) {
            (*wal)->logSeries(static_cast<sn::tsdb::SeriesId>(i + 1), series[i].name,
                              {{"gpu", std::to_string(i)}, {"Hostname", "gpu-node-01"}});
            for (std::size_t k = 0; k < 5; ++k)
                samples.push_back({static_cast<sn::tsdb::SeriesId>(i + 1), series[i].times[k], series[i].values[k]});
        }
        (*wal)->logSamples(samples.data(), samples.size());
        if (!(*wal)->commit()) {
            std::fprintf(stderr, "make_store_seeds: WAL commit failed\n");
            return 1;
        }
        QFile f((*wal)->segmentPath());
        f.open(QIODevice::ReadOnly);
        const QByteArray bytes = f.readAll();
        writeSeed(corpus + QStringLiteral("/fuzz_wal_replay"), QStringLiteral("segment_4_series_20_samples"),
                  std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
    }

    {
        sn::tsdb::BlockBuilder builder(1'700'000'000'000, 1'700'007'200'000, 16);
        for (std::size_t i = 0; i < 2; ++i)
            builder.addSeries(series[i].name, {{"gpu", std::to_string(i)}}, series[i].times.data(),
                              series[i].values.data(), series[i].times.size());
        const sn::tsdb::BlockBytes block = builder.finish();
        if (block.index.size() > 0xffff || block.chunks.size() > 0xffff) {
            std::fprintf(stderr, "make_store_seeds: block too large for fuzz_block's framing\n");
            return 1;
        }
        std::vector<std::uint8_t> framed = {
            std::uint8_t(block.index.size() & 0xff), std::uint8_t(block.index.size() >> 8),
            std::uint8_t(block.chunks.size() & 0xff), std::uint8_t(block.chunks.size() >> 8)};
        framed.insert(framed.end(), block.index.begin(), block.index.end());
        framed.insert(framed.end(), block.chunks.begin(), block.chunks.end());
        framed.insert(framed.end(), block.rollups.begin(), block.rollups.end());
        writeSeed(corpus + QStringLiteral("/fuzz_block"), QStringLiteral("block_2_series"), framed);
    }

    // fuzz_disk_buffer: a segment as DiskBuffer::append wrote it, named for its first batch (the
    // leading 0: no distance between name and first sequence). Payloads are small stand-ins for
    // the serialized PushSamplesRequests the agent buffers.
    for (std::uint64_t batches : {1, 3}) {
        QTemporaryDir tmp;
        auto buffer = sn::agent::DiskBuffer::open({tmp.path(), 1u << 20, 1u << 20});
        for (std::uint64_t s = 41; buffer && s < 41 + batches; ++s)
            if (!(*buffer)->append(s, "batch " + std::to_string(s) + " of gpu-node-01: util 87.5, power 312.25"))
                buffer = sn::Error{sn::ErrorCode::Internal, "append failed"};
        if (!buffer) {
            std::fprintf(stderr, "make_store_seeds: %s\n", buffer.error().message.c_str());
            return 1;
        }
        buffer->reset(); // closes the segment
        QFile f(QDir(tmp.path()).filePath(QStringLiteral("00000000000000000041.seg")));
        if (!f.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "make_store_seeds: the disk buffer wrote no segment 41\n");
            return 1;
        }
        const QByteArray bytes = f.readAll();
        std::vector<std::uint8_t> framed = {0};
        framed.insert(framed.end(), bytes.begin(), bytes.end());
        writeSeed(corpus + QStringLiteral("/fuzz_disk_buffer"),
                  batches == 1 ? QStringLiteral("segment_1_batch") : QStringLiteral("segment_3_batches"), framed);
    }
    return 0;
}
