#include "backend/report/snapshot_file.h"

#include <QFile>
#include <QSaveFile>
#include <QtEndian>

#include <zlib.h>

#include <cstring>

namespace sn::report {

namespace rpb = supernode::report::v1;

namespace {

std::uint32_t crc(const char *data, std::size_t size)
{
    return std::uint32_t(::crc32(0L, reinterpret_cast<const Bytef *>(data), uInt(size)));
}

} // namespace

QByteArray encodeSnapshot(const rpb::ReportSnapshot &snapshot)
{
    const std::string payload = snapshot.SerializeAsString();
    QByteArray out(kSnapshotHeaderBytes, '\0');
    std::memcpy(out.data(), kSnapshotMagic, 8);
    qToLittleEndian<quint32>(1, out.data() + 8);
    qToLittleEndian<quint64>(payload.size(), out.data() + 12);
    qToLittleEndian<quint32>(crc(payload.data(), payload.size()), out.data() + 20);
    out.append(payload.data(), qsizetype(payload.size()));
    return out;
}

Result<rpb::ReportSnapshot> decodeSnapshot(const QByteArray &bytes)
{
    if (bytes.size() < kSnapshotHeaderBytes)
        return invalidArgument("not a report snapshot: " + std::to_string(bytes.size()) + " bytes, shorter than the " +
                               std::to_string(kSnapshotHeaderBytes) + "-byte header");
    if (std::memcmp(bytes.constData(), kSnapshotMagic, 8) != 0)
        return invalidArgument("not a report snapshot: bytes 0-7 are not the magic \"SNRSNAP\\n\"");
    const auto version = qFromLittleEndian<quint32>(bytes.constData() + 8);
    if (version != 1)
        return invalidArgument("report snapshot format version " + std::to_string(version) +
                               " at byte 8; this build reads version 1");
    const auto length = qFromLittleEndian<quint64>(bytes.constData() + 12);
    const auto available = quint64(bytes.size() - kSnapshotHeaderBytes);
    if (length != available)
        return invalidArgument("report snapshot damaged: the header (byte 12) says " + std::to_string(length) +
                               " payload bytes, the file has " + std::to_string(available) +
                               (length > available ? " (truncated)" : " (extra bytes at the end)"));
    const char *payload = bytes.constData() + kSnapshotHeaderBytes;
    const auto expected = qFromLittleEndian<quint32>(bytes.constData() + 20);
    if (crc(payload, length) != expected)
        return invalidArgument("report snapshot damaged: the payload (bytes 24-" +
                               std::to_string(kSnapshotHeaderBytes + length) +
                               ") does not match its CRC-32 at byte 20");
    rpb::ReportSnapshot snapshot;
    if (!snapshot.ParseFromArray(payload, int(length)))
        return invalidArgument("report snapshot damaged: the payload at byte 24 is not a ReportSnapshot message");
    if (snapshot.format_version() != 1)
        return invalidArgument("report snapshot message version " + std::to_string(snapshot.format_version()) +
                               " is not 1");
    return snapshot;
}

Status writeSnapshotFile(const rpb::ReportSnapshot &snapshot, const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return invalidArgument("cannot write " + path.toStdString() + ": " + file.errorString().toStdString());
    // A short write (a full disk, a file size limit) must not be committed as a whole copy.
    const QByteArray bytes = encodeSnapshot(snapshot);
    if (file.write(bytes) != bytes.size()) {
        const std::string why = file.errorString().toStdString();
        file.cancelWriting();
        return invalidArgument("cannot write " + path.toStdString() + ": " + why);
    }
    if (!file.commit())
        return invalidArgument("cannot write " + path.toStdString() + ": " + file.errorString().toStdString());
    return success();
}

Result<rpb::ReportSnapshot> readSnapshotFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return notFound("cannot read " + path.toStdString() + ": " + file.errorString().toStdString());
    auto snapshot = decodeSnapshot(file.readAll());
    if (!snapshot)
        return invalidArgument(path.toStdString() + ": " + snapshot.error().message);
    return snapshot;
}

} // namespace sn::report
