#pragma once
// The file `supernodectl snapshot` writes and `report --snapshot` reads: one ReportSnapshot
// (report_snapshot.proto) framed so that a damaged or foreign file is refused with what and
// where, never half-read.
//
//   offset  size  field
//   0       8     magic "SNRSNAP\n"
//   8       4     format version, little-endian u32 (1)
//   12      8     payload length in bytes, little-endian u64
//   20      4     CRC-32 (IEEE, as zlib's crc32) of the payload, little-endian u32
//   24      n     payload: the serialized ReportSnapshot
//
// Nothing may follow the payload.

#include "backend/model/result.h"
#include "backend/report/report_snapshot.pb.h"

#include <QByteArray>
#include <QString>

namespace sn::report {

inline constexpr char kSnapshotMagic[] = "SNRSNAP\n";
inline constexpr int kSnapshotHeaderBytes = 24;

QByteArray encodeSnapshot(const supernode::report::v1::ReportSnapshot &snapshot);
Result<supernode::report::v1::ReportSnapshot> decodeSnapshot(const QByteArray &bytes);

Status writeSnapshotFile(const supernode::report::v1::ReportSnapshot &snapshot, const QString &path);
Result<supernode::report::v1::ReportSnapshot> readSnapshotFile(const QString &path);

} // namespace sn::report
