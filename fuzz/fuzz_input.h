#pragma once
// What the fuzz targets share: the input seen as text, and Qt's messages kept quiet. Parsers warn
// on what they reject (qCWarning); printed a million times a run, that would be most of the run.

#include <QtGlobal>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sn::fuzz {

inline std::string_view text(const std::uint8_t *data, std::size_t size)
{
    return {reinterpret_cast<const char *>(data), size};
}

inline void quietQtMessages()
{
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &) {
        // qFatal still aborts after the handler returns: that is a crash the fuzzer must see.
        (void)type;
    });
}

} // namespace sn::fuzz

// Every target quiets Qt before its first input; those that parse protobuf quiet its log too
// (it logs every string field that is not UTF-8: a refused request, which gRPC answers so).
#define SN_FUZZ_QUIET_QT_AND_PROTOBUF                                                                                  \
    extern "C" int LLVMFuzzerInitialize(int *, char ***)                                                               \
    {                                                                                                                  \
        sn::fuzz::quietQtMessages();                                                                                   \
        google::protobuf::SetLogHandler(nullptr);                                                                      \
        return 0;                                                                                                      \
    }

// Every target quiets Qt before its first input.
#define SN_FUZZ_QUIET_QT                                                                                               \
    extern "C" int LLVMFuzzerInitialize(int *, char ***)                                                               \
    {                                                                                                                  \
        sn::fuzz::quietQtMessages();                                                                                   \
        return 0;                                                                                                      \
    }
