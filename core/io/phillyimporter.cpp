#include "io/phillyimporter.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <optional>

namespace gantry {

namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
long long daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return (long long)era * 146097 + doe - 719468;
}

// "YYYY-MM-DD HH:MM:SS" to seconds since the epoch (the trace's local time, taken as is).
std::optional<long long> parseTimestamp(QByteArrayView s)
{
    if (s.size() != 19 || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' ||
        s[16] != ':')
        return std::nullopt;
    auto digits = [&](int from, int n) -> int {
        int v = 0;
        for (int i = from; i < from + n; ++i) {
            if (s[i] < '0' || s[i] > '9')
                return -1;
            v = v * 10 + (s[i] - '0');
        }
        return v;
    };
    const int y = digits(0, 4), mo = digits(5, 2), d = digits(8, 2);
    const int h = digits(11, 2), mi = digits(14, 2), se = digits(17, 2);
    if (y < 0 || mo < 1 || mo > 12 || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59)
        return std::nullopt;
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (d < 1 || d > kDays[mo - 1] + (mo == 2 && leap))
        return std::nullopt;
    return daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
}

struct Row
{
    long long submit;
    double duration;
    int gpus;
    QString vc;
    int line;
};

} // namespace

Result<PhillyImporter::Imported>
PhillyImporter::importFile(const QString& path, const Cluster& cluster, const Options& options)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error::invalid(QStringLiteral("%1: cannot open: %2").arg(path, f.errorString()));
    return importCsv(f.readAll(), path, cluster, options);
}

Result<PhillyImporter::Imported> PhillyImporter::importCsv(const QByteArray& csv,
                                                           const QString& src,
                                                           const Cluster& cluster,
                                                           const Options& options)
{
    const QList<QByteArray> lines = csv.split('\n');
    if (lines.isEmpty() || lines.front().trimmed().isEmpty())
        return Error::invalid(QStringLiteral("%1: line 1: empty file, expected a header").arg(src));
    const QList<QByteArray> header = lines.front().trimmed().split(',');
    auto column = [&](const char* name) { return int(header.indexOf(QByteArray(name))); };
    const int cTime = column("timestamp"), cDur = column("duration"), cGpus = column("num_gpus");
    const int cVc = column("cluster");
    if (cTime < 0 || cDur < 0 || cGpus < 0)
        return Error::invalid(
            QStringLiteral("%1: line 1: header must name the columns timestamp, duration "
                           "and num_gpus")
                .arg(src));
    const int need = std::max({cTime, cDur, cGpus, cVc}) + 1;
    std::vector<Row> rows;
    rows.reserve(std::size_t(lines.size()));
    int zeroGpus = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        const int lineNo = int(i) + 1;
        const QList<QByteArray> cells = line.split(',');
        auto bad = [&](const QString& what) {
            return Error::invalid(QStringLiteral("%1: line %2: %3").arg(src).arg(lineNo).arg(what));
        };
        if (cells.size() < need)
            return bad(QStringLiteral("expected %1 columns, found %2")
                           .arg(header.size())
                           .arg(cells.size()));
        const auto ts = parseTimestamp(cells[cTime]);
        if (!ts)
            return bad(QStringLiteral("timestamp \"%1\" is not YYYY-MM-DD HH:MM:SS")
                           .arg(QString::fromUtf8(cells[cTime])));
        bool ok = false;
        const double dur = cells[cDur].toDouble(&ok);
        if (!ok || !std::isfinite(dur) || dur < 0 || dur > 1e9)
            return bad(QStringLiteral("duration \"%1\" is not a number of seconds from 0 to 1e9")
                           .arg(QString::fromUtf8(cells[cDur])));
        const double g = cells[cGpus].toDouble(&ok);
        if (!ok || !std::isfinite(g) || g < 0 || std::floor(g) != g || g > 1e7)
            return bad(QStringLiteral("num_gpus \"%1\" is not a whole number >= 0")
                           .arg(QString::fromUtf8(cells[cGpus])));
        if (g == 0 || dur == 0) {
            ++zeroGpus;
            continue;
        }
        rows.push_back(
            {*ts, dur, int(g), cVc >= 0 ? QString::fromUtf8(cells[cVc]) : QString(), lineNo});
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Row& a, const Row& b) { return a.submit < b.submit; });

    Imported out;
    out.scenario.name = QFileInfo(src).completeBaseName();
    out.scenario.cluster = cluster;
    out.scenario.cluster.finalize();
    const int total = out.scenario.cluster.totalGpus();
    int tooLarge = 0;
    const long long first = rows.empty() ? 0 : rows.front().submit;
    for (const Row& r : rows) {
        if (options.limit > 0 && int(out.scenario.jobs.size()) >= options.limit)
            break;
        if (r.gpus > total) {
            ++tooLarge;
            continue;
        }
        Job j;
        j.id = QStringLiteral("p%1").arg(out.scenario.jobs.size());
        j.arrivalS = double(r.submit - first);
        j.kind = JobKind::Duration;
        j.gpus = r.gpus;
        j.durationS = r.duration;
        if (!r.vc.isEmpty())
            j.features.insert(QStringLiteral("vc"), r.vc);
        out.scenario.jobs.push_back(std::move(j));
    }
    if (tooLarge)
        out.warnings << QStringLiteral("%1: dropped %2 jobs larger than the cluster (%3 GPUs)")
                            .arg(src)
                            .arg(tooLarge)
                            .arg(total);
    if (zeroGpus)
        out.warnings << QStringLiteral("%1: dropped %2 rows with zero GPUs or zero duration")
                            .arg(src)
                            .arg(zeroGpus);
    out.dropped = tooLarge + zeroGpus;
    return out;
}

} // namespace gantry
