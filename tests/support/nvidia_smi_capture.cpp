#include "tests/support/nvidia_smi_capture.h"

#include "backend/telemetry/collectors/nvidia_smi_csv.h"

#include <QList>
#include <QtGlobal>

namespace sn::test {

QByteArray projectNvidiaSmiCapture(const QByteArray &csv, const std::vector<std::string> &fields)
{
    const QList<QByteArray> lines = csv.trimmed().split('\n');
    QList<QByteArray> names, units;
    for (QByteArray h : lines.front().split(',')) {
        h = h.trimmed();
        const qsizetype bracket = h.indexOf(" [");
        names << h.left(bracket < 0 ? h.size() : bracket);
        units << (bracket < 0 ? QByteArray() : h.mid(bracket + 2).chopped(1));
    }
    const QList<QByteArray> cells = lines[1].split(',');
    QByteArray out;
    for (const auto &f : fields) {
        const qsizetype i = names.indexOf(QByteArray::fromStdString(canonicalNvidiaSmiField(f)));
        if (i < 0)
            qFatal("capture has no column %s", f.c_str());
        QByteArray c = cells[i].trimmed();
        if (!units[i].isEmpty() && c.endsWith(" " + units[i]))
            c.chop(units[i].size() + 1);
        out += (out.isEmpty() ? "" : ", ") + c;
    }
    return out + "\n";
}

} // namespace sn::test
