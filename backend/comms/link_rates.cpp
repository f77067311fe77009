#include "backend/comms/link_rates.h"

#include <utility>

namespace sn::comms {

namespace {

bool has(const std::string &s, const char *part)
{
    return s.find(part) != std::string::npos;
}

} // namespace

int nvlinkGenerationOf(const std::string &m)
{
    if (has(m, "B200") || has(m, "B100") || has(m, "GB200"))
        return 5;
    if (has(m, "H100") || has(m, "H200") || has(m, "H800") || has(m, "GH200"))
        return 4;
    if (has(m, "A100") || has(m, "A800") || has(m, "A30") || has(m, "RTX A6000") || has(m, "3090"))
        return 3;
    if (has(m, "V100") || has(m, "2080") || has(m, "TITAN RTX") || has(m, "Quadro RTX"))
        return 2;
    if (has(m, "P100"))
        return 1;
    return 0;
}

double nvlinkGBpsPerLink(int generation)
{
    switch (generation) {
    case 1:
        return 20;
    case 2:
    case 3:
    case 4:
        return 25;
    case 5:
        return 50;
    default:
        return 0;
    }
}

int pcieGenerationOf(const std::string &m)
{
    if (has(m, "B200") || has(m, "H100") || has(m, "H200") || has(m, "H800") || has(m, "RTX 50"))
        return 5;
    if (has(m, "A100") || has(m, "A800") || has(m, "A10") || has(m, "A30") || has(m, "A40") || has(m, "L40") ||
        has(m, "L4") || has(m, "RTX 30") || has(m, "RTX 40") || has(m, "RTX A") || has(m, "Ada"))
        return 4;
    if (has(m, "V100") || has(m, "T4") || has(m, "RTX 20") || has(m, "GTX 16") || has(m, "GTX 10") || has(m, "P100") ||
        has(m, "P40") || has(m, "P4") || has(m, "Quadro"))
        return 3;
    return 0;
}

double pcieGBpsPerLane(int generation)
{
    // GT/s per lane x encoding efficiency / 8 bits.
    static constexpr std::pair<int, double> kRates[] = {
        {1, 2.5 * 0.8 / 8},        {2, 5.0 * 0.8 / 8},        {3, 8.0 * 128 / 130 / 8},
        {4, 16.0 * 128 / 130 / 8}, {5, 32.0 * 128 / 130 / 8}, {6, 64.0 * 242 / 256 / 8},
    };
    for (const auto &[g, rate] : kRates)
        if (g == generation)
            return rate;
    return 0;
}

int computeCapabilityOf(const std::string &m)
{
    // Most specific names first: "RTX A6000" before "A6", "L40S" before "L4", "GH200" before "H200".
    static constexpr std::pair<const char *, int> kModels[] = {
        {"GB200", 100},    {"B200", 100},      {"B100", 100},  {"GH200", 90},    {"H200", 90},    {"H100", 90},
        {"H800", 90},      {"H20", 90},        {"L40", 89},    {"L4", 89},       {"RTX 40", 89},  {"Ada", 89},
        {"A100", 80},      {"A800", 80},       {"A30", 80},    {"RTX A", 86},    {"A40", 86},     {"A10", 86},
        {"A16", 86},       {"A2", 86},         {"RTX 30", 86}, {"T4", 75},       {"RTX 20", 75},  {"2080", 75},
        {"TITAN RTX", 75}, {"Quadro RTX", 75}, {"GTX 16", 75}, {"V100", 70},     {"TITAN V", 70}, {"P100", 60},
        {"GTX 10", 61},    {"P40", 61},        {"P4", 61},     {"Quadro P", 61},
    };
    for (const auto &[name, sm] : kModels)
        if (has(m, name))
            return sm;
    return 0;
}

} // namespace sn::comms
