#include "backend/telemetry/prometheus/prometheus_text_parser.h"

#include <charconv>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>

namespace sn {

const char *metricTypeName(MetricType type)
{
    switch (type) {
    case MetricType::Gauge:
        return "gauge";
    case MetricType::Counter:
        return "counter";
    case MetricType::Histogram:
        return "histogram";
    case MetricType::Summary:
        return "summary";
    case MetricType::Untyped:
        break;
    }
    return "untyped";
}

namespace {

bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() > suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// The family a histogram or summary sample belongs to, or the name itself.
std::string familyName(const std::map<std::string, MetricFamilyMeta> &families, const std::string &name)
{
    for (std::string_view suffix : {"_bucket", "_sum", "_count"}) {
        if (!endsWith(name, suffix))
            continue;
        const std::string base = name.substr(0, name.size() - suffix.size());
        const auto it = families.find(base);
        if (it == families.end())
            continue;
        if (it->second.type == MetricType::Histogram || (suffix != "_bucket" && it->second.type == MetricType::Summary))
            return base;
    }
    return name;
}

// Parses one text in a single pass over its bytes. The cursor is a line (without its newline);
// columns are 1-based byte offsets into it.
class Parser {
public:
    Parser(std::string_view text, std::int64_t defaultTimeMs) : m_text(text), m_defaultTimeMs(defaultTimeMs) {}

    Result<ParsedMetrics> run()
    {
        std::size_t start = 0;
        while (start < m_text.size()) {
            std::size_t end = m_text.find('\n', start);
            if (end == std::string_view::npos)
                end = m_text.size();
            std::string_view line = m_text.substr(start, end - start);
            if (!line.empty() && line.back() == '\r') // CRLF files from Windows captures
                line.remove_suffix(1);
            ++m_lineNo;
            if (m_sawEof) {
                if (!line.empty())
                    return fail(1, "nothing may follow '# EOF'");
            } else if (auto status = parseLine(line); !status) {
                return status.error();
            }
            start = end + 1;
        }
        return std::move(m_out);
    }

private:
    Error fail(std::size_t column, const std::string &what) const
    {
        return invalidArgument(std::to_string(m_lineNo) + ":" + std::to_string(column) + ": " + what);
    }

    Status parseLine(std::string_view line)
    {
        m_line = line;
        m_pos = 0;
        skipBlanks();
        if (m_pos == m_line.size())
            return success();
        if (m_line[m_pos] == '#')
            return parseComment();
        return parseSample();
    }

    void skipBlanks()
    {
        while (m_pos < m_line.size() && (m_line[m_pos] == ' ' || m_line[m_pos] == '\t'))
            ++m_pos;
    }
    std::size_t column() const { return m_pos + 1; }
    bool atEnd() const { return m_pos >= m_line.size(); }

    std::string_view takeName(bool allowColon)
    {
        const std::size_t begin = m_pos;
        if (!atEnd() && (isNameStart(m_line[m_pos]) || (allowColon && m_line[m_pos] == ':'))) {
            ++m_pos;
            while (!atEnd() && (isNameChar(m_line[m_pos]) || (allowColon && m_line[m_pos] == ':')))
                ++m_pos;
        }
        return m_line.substr(begin, m_pos - begin);
    }

    std::string_view takeToken()
    {
        const std::size_t begin = m_pos;
        while (!atEnd() && m_line[m_pos] != ' ' && m_line[m_pos] != '\t')
            ++m_pos;
        return m_line.substr(begin, m_pos - begin);
    }

    // "# HELP name text", "# TYPE name type", "# UNIT name unit", "# EOF"; any other comment is
    // ignored, as the format says.
    Status parseComment()
    {
        ++m_pos; // '#'
        skipBlanks();
        const std::size_t keywordColumn = column();
        const std::string_view keyword = takeToken();
        if (keyword == "EOF") {
            m_sawEof = true;
            return success();
        }
        if (keyword != "HELP" && keyword != "TYPE" && keyword != "UNIT")
            return success();
        skipBlanks();
        const std::size_t nameColumn = column();
        const std::string name(takeName(true));
        if (name.empty())
            return fail(nameColumn, "expected a metric name after '# " + std::string(keyword) + "'");
        if (!atEnd() && m_line[m_pos] != ' ' && m_line[m_pos] != '\t')
            return fail(column(), "invalid character '" + std::string(1, m_line[m_pos]) + "' in metric name");
        skipBlanks();
        MetricFamilyMeta &meta = m_out.families[name];
        if (keyword == "HELP") {
            if (meta.hasHelp)
                return fail(keywordColumn, "second HELP line for metric '" + name + "'");
            if (m_sampled.count(name))
                return fail(keywordColumn, "HELP line for metric '" + name + "' after its samples");
            meta.hasHelp = true;
            return unescapeHelp(&meta.help);
        }
        if (keyword == "UNIT") {
            meta.unit = std::string(m_line.substr(m_pos));
            return success();
        }
        if (meta.hasType)
            return fail(keywordColumn, "second TYPE line for metric '" + name + "'");
        const std::size_t typeColumn = column();
        const std::string_view type = takeToken();
        if (type == "gauge")
            meta.type = MetricType::Gauge;
        else if (type == "counter")
            meta.type = MetricType::Counter;
        else if (type == "histogram")
            meta.type = MetricType::Histogram;
        else if (type == "summary")
            meta.type = MetricType::Summary;
        else if (type == "untyped" || type == "unknown") // "unknown" is OpenMetrics' spelling
            meta.type = MetricType::Untyped;
        else
            return fail(typeColumn, "expected a metric type (counter, gauge, histogram, summary, untyped), got '" +
                                        std::string(type) + "'");
        skipBlanks();
        if (!atEnd())
            return fail(column(), "unexpected text after the metric type");
        for (std::string_view suffix : {"", "_bucket", "_sum", "_count"}) {
            if (m_sampled.count(name + std::string(suffix)) &&
                (suffix.empty() || meta.type == MetricType::Histogram || meta.type == MetricType::Summary))
                return fail(keywordColumn, "TYPE line for metric '" + name + "' after its samples");
        }
        meta.hasType = true;
        return success();
    }

    Status unescapeHelp(std::string *out)
    {
        out->reserve(m_line.size() - m_pos);
        while (!atEnd()) {
            const char c = m_line[m_pos];
            if (c != '\\') {
                out->push_back(c);
                ++m_pos;
                continue;
            }
            if (m_pos + 1 >= m_line.size())
                return fail(column(), "incomplete escape sequence at the end of the HELP text");
            const char e = m_line[m_pos + 1];
            if (e == '\\')
                out->push_back('\\');
            else if (e == 'n')
                out->push_back('\n');
            else
                return fail(column(),
                            std::string("invalid escape sequence '\\") + e + "' in HELP text (only \\\\ and \\n)");
            m_pos += 2;
        }
        return success();
    }

    Status parseSample()
    {
        const std::size_t nameColumn = column();
        MetricSample sample;
        sample.metric = std::string(takeName(true));
        if (sample.metric.empty())
            return fail(nameColumn, "expected a metric name, got '" + std::string(1, m_line[m_pos]) + "'");
        if (!atEnd() && m_line[m_pos] != ' ' && m_line[m_pos] != '\t' && m_line[m_pos] != '{')
            return fail(column(), "invalid character '" + std::string(1, m_line[m_pos]) + "' in metric name '" +
                                      sample.metric + "'");
        skipBlanks();
        if (!atEnd() && m_line[m_pos] == '{') {
            if (auto status = parseLabels(&sample.labels); !status)
                return status;
            skipBlanks();
        }
        if (atEnd())
            return fail(column(), "expected a value after '" + sample.metric + "'");
        const std::size_t valueColumn = column();
        const std::string_view valueText = takeToken();
        if (!parseValue(valueText, &sample.value))
            return fail(valueColumn,
                        "expected a number, NaN, +Inf or -Inf as the value, got '" + std::string(valueText) + "'");
        skipBlanks();
        bool hasTimestamp = false;
        sample.timeMs = m_defaultTimeMs;
        if (!atEnd()) {
            if (m_line[m_pos] == '#')
                return fail(column(), "exemplars are OpenMetrics only; the text format 0.0.4 has none");
            const std::size_t tsColumn = column();
            const std::string_view ts = takeToken();
            const auto [ptr, ec] = std::from_chars(ts.data(), ts.data() + ts.size(), sample.timeMs);
            if (ec != std::errc() || ptr != ts.data() + ts.size())
                return fail(tsColumn,
                            "expected a timestamp in milliseconds (an integer), got '" + std::string(ts) + "'");
            hasTimestamp = true;
            skipBlanks();
            if (!atEnd())
                return fail(column(), "unexpected text after the timestamp");
        }
        if (auto status = checkSample(sample, nameColumn); !status)
            return status;
        if (sample.metric != m_lastSampled) {
            m_sampled.insert(sample.metric);
            m_lastSampled = sample.metric;
        }
        m_out.samples.push_back(std::move(sample));
        m_out.sampleHasTimestamp.push_back(hasTimestamp);
        m_out.sampleLines.push_back(m_lineNo);
        return success();
    }

    // The rules that need the whole family: histogram buckets carry `le`, summary quantiles
    // `quantile`, and no series appears twice.
    Status checkSample(const MetricSample &sample, std::size_t nameColumn)
    {
        if (sample.metric != m_lastSampled) // TYPE lines cannot change a family mid-group
            m_lastFamily = familyName(m_out.families, sample.metric);
        const std::string &family = m_lastFamily;
        const auto it = m_out.families.find(family);
        if (it != m_out.families.end() && it->second.type != MetricType::Untyped &&
            it->second.type != MetricType::Gauge && it->second.type != MetricType::Counter) {
            if (it->second.type == MetricType::Histogram && endsWith(sample.metric, "_bucket") &&
                !sample.labels.count("le"))
                return fail(nameColumn, "histogram bucket '" + sample.metric + "' has no 'le' label");
            if (it->second.type == MetricType::Summary && sample.metric == family && !sample.labels.count("quantile"))
                return fail(nameColumn, "summary quantile '" + sample.metric + "' has no 'quantile' label");
        }
        // A 64-bit hash per series; on a hash match the samples are compared for real.
        std::size_t h = std::hash<std::string>{}(sample.metric);
        for (const auto &[name, value] : sample.labels) {
            h = h * 1099511628211ull ^ std::hash<std::string>{}(name);
            h = h * 1099511628211ull ^ std::hash<std::string>{}(value);
        }
        const auto [first, last] = m_series.equal_range(h);
        for (auto it = first; it != last; ++it) {
            const MetricSample &other = m_out.samples[it->second];
            if (other.metric == sample.metric && other.labels == sample.labels)
                return fail(nameColumn, "duplicate series: '" + sample.metric +
                                            "' with the same labels appeared on line " +
                                            std::to_string(m_out.sampleLines[it->second]));
        }
        m_series.emplace(h, m_out.samples.size());
        return success();
    }

    Status parseLabels(Labels *labels)
    {
        ++m_pos; // '{'
        while (true) {
            skipBlanks();
            if (atEnd())
                return fail(column(), "expected a label name or '}', got the end of the line");
            if (m_line[m_pos] == '}') {
                ++m_pos;
                return success();
            }
            const std::size_t nameColumn = column();
            const std::string name(takeName(false));
            if (name.empty())
                return fail(nameColumn, "expected a label name, got '" + std::string(1, m_line[m_pos]) + "'");
            if (!atEnd() && m_line[m_pos] != ' ' && m_line[m_pos] != '\t' && m_line[m_pos] != '=')
                return fail(column(),
                            "invalid character '" + std::string(1, m_line[m_pos]) + "' in label name '" + name + "'");
            skipBlanks();
            if (atEnd() || m_line[m_pos] != '=')
                return fail(column(), "expected '=' after label name '" + name + "'");
            ++m_pos;
            skipBlanks();
            if (atEnd() || m_line[m_pos] != '"')
                return fail(column(), "expected '\"' to open the value of label '" + name + "'");
            ++m_pos;
            const auto [slot, fresh] = labels->try_emplace(name);
            if (!fresh)
                return fail(nameColumn, "label '" + name + "' appears twice");
            if (auto status = unescapeLabelValue(name, &slot->second); !status)
                return status;
            skipBlanks();
            if (atEnd())
                return fail(column(), "expected ',' or '}' after the value of label '" + name + "'");
            if (m_line[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_line[m_pos] != '}')
                return fail(column(), "expected ',' or '}' after the value of label '" + name + "'");
        }
    }

    Status unescapeLabelValue(const std::string &name, std::string *out)
    {
        while (!atEnd()) {
            const char c = m_line[m_pos];
            if (c == '"') {
                ++m_pos;
                return success();
            }
            if (c != '\\') {
                const std::size_t stop = m_line.find_first_of("\"\\", m_pos);
                const std::size_t end = stop == std::string_view::npos ? m_line.size() : stop;
                out->append(m_line.data() + m_pos, end - m_pos);
                m_pos = end;
                continue;
            }
            if (m_pos + 1 >= m_line.size())
                break;
            const char e = m_line[m_pos + 1];
            if (e == '\\' || e == '"')
                out->push_back(e);
            else if (e == 'n')
                out->push_back('\n');
            else
                return fail(column(), std::string("invalid escape sequence '\\") + e + "' in the value of label '" +
                                          name + "' (only \\\\, \\\" and \\n)");
            m_pos += 2;
        }
        return fail(column(), "unterminated value of label '" + name + "': expected a closing '\"'");
    }

    // Go's strconv.ParseFloat as Prometheus uses it: decimals, exponents, NaN and [+-]Inf.
    static bool parseValue(std::string_view text, double *value)
    {
        if (text.empty())
            return false;
        const bool plus = text.front() == '+';
        std::string_view body = plus ? text.substr(1) : text;
        if (body.empty() || body.front() == '+' || (plus && body.front() == '-'))
            return false;
        const auto [ptr, ec] = std::from_chars(body.data(), body.data() + body.size(), *value);
        if (ptr != body.data() + body.size())
            return false;
        if (ec == std::errc::result_out_of_range) { // Go rounds to ±Inf or 0 as well
            *value = std::strtod(std::string(body).c_str(), nullptr);
            return true;
        }
        return ec == std::errc();
    }

    std::string_view m_text;
    std::int64_t m_defaultTimeMs;
    std::string_view m_line;
    std::size_t m_pos = 0;
    int m_lineNo = 0;
    bool m_sawEof = false;
    ParsedMetrics m_out;
    std::unordered_set<std::string> m_sampled;                  // sample names seen, for "TYPE after samples"
    std::unordered_multimap<std::size_t, std::size_t> m_series; // series hash -> sample index
    std::string m_lastSampled;                                  // samples come grouped: look names up once per group
    std::string m_lastFamily;
};

} // namespace

std::string ParsedMetrics::familyOf(const std::string &sampleName) const
{
    return familyName(families, sampleName);
}

MetricType ParsedMetrics::typeOf(const std::string &sampleName) const
{
    const auto it = families.find(familyOf(sampleName));
    return it == families.end() ? MetricType::Untyped : it->second.type;
}

Result<ParsedMetrics> parsePrometheusText(std::string_view text, std::int64_t defaultTimeMs)
{
    return Parser(text, defaultTimeMs).run();
}

bool isValidMetricName(std::string_view name)
{
    if (name.empty() || !(isNameStart(name[0]) || name[0] == ':'))
        return false;
    for (char c : name)
        if (!isNameChar(c) && c != ':')
            return false;
    return true;
}

bool isValidLabelName(std::string_view name)
{
    if (name.empty() || !isNameStart(name[0]))
        return false;
    for (char c : name)
        if (!isNameChar(c))
            return false;
    return true;
}

} // namespace sn
