#include "charts/policycolours.h"

#include <QHash>

#include <array>
#include <utility>

namespace gantry::ui {

namespace {

// The built-in policies: the baselines cool, the A-SRPT family warm, the Gittins family apart
// (cyan, deep purple, pink for A-SRPT's, gold for its prior's and dark rust for its
// earliest-finish variant); apart for colour-blind readers
// and strong enough for thin lines on a projector. Left to their hash, gittins came out a dark blue
// beside tiresias's and gittins-progress a brown beside srtf's.
constexpr std::array<std::pair<const char*, QRgb>, 17> Known = {{
    {"fifo", 0x4e79a7},
    {"fifo-backfill", 0x76b7b2},
    {"sjf", 0x59a14f},
    {"srtf", 0x9c755f},
    {"srsf", 0xb07aa1},
    {"tiresias", 0x2f4b7c},
    {"asrpt", 0xe15759},
    {"asrpt-backfill", 0xf28e2b},
    {"asrpt-wc", 0xa8a820},
    {"asrpt-guided", 0xc2185b},
    {"gittins", 0x17becf},
    {"gittins-progress", 0x6b4c9a},
    {"asrpt-gittins", 0xff9da7},
    {"asrpt-gittins-prior", 0xedc948},
    {"asrpt-gittins-eft", 0x8c2d04},
    {"asrpt-gittins-fair", 0x1b7837},
    {"asrpt-gittins-move", 0x542788},
}};

// Any other policy: a stable colour from its name.
constexpr std::array<QRgb, 6> Others = {0x17becf, 0x8c564b, 0x7f7f7f, 0x393b79, 0x637939, 0x843c39};

} // namespace

QColor PolicyColours::of(const QString& policy)
{
    for (const auto& [name, rgb] : Known)
        if (policy == QLatin1String(name))
            return QColor::fromRgb(rgb);
    return QColor::fromRgb(Others[std::size_t(qHash(policy, 0x9e3779b9U)) % Others.size()]);
}

} // namespace gantry::ui
