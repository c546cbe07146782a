#include "run/tracewriter.h"

#include "sim/simtime.h"

#include <QBuffer>
#include <QLocale>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace gantry {

namespace {

// Output goes to the device in chunks of about this size, so memory stays flat.
constexpr qsizetype kChunk = qsizetype(1) << 20;

// A JSON number in its shortest exact form; null for NaN or infinity, which JSON cannot carry.
QByteArray jsonNumber(double v)
{
    return std::isfinite(v) ? QByteArray::number(v, 'g', QLocale::FloatingPointShortest)
                            : QByteArray("null");
}

// Buffered JSON text writer over a QIODevice; remembers the first write error.
class Sink
{
public:
    explicit Sink(QIODevice& device) : m_device(device) { m_buf.reserve(kChunk + 4096); }

    Sink& operator<<(const char* text)
    {
        m_buf.append(text);
        return *this;
    }
    Sink& operator<<(const QByteArray& bytes)
    {
        m_buf.append(bytes);
        return *this;
    }
    // An integer.
    Sink& integer(qint64 v)
    {
        m_buf.append(QByteArray::number(v));
        return *this;
    }
    // A JSON string with quotes and escapes.
    Sink& string(const QString& s)
    {
        appendString(m_buf, s);
        return *this;
    }
    // Starts one event of the traceEvents array (a comma before all but the first).
    Sink& begin()
    {
        m_buf.append(m_first ? "\n" : ",\n");
        m_first = false;
        return *this;
    }
    // Ends one event: hands the buffer over once it is full.
    void endEvent()
    {
        if (m_buf.size() >= kChunk)
            flush();
    }
    // Hands everything over; false after any write error.
    bool finish()
    {
        flush();
        return m_ok;
    }

    static void appendString(QByteArray& out, const QString& s)
    {
        static const char kHex[] = "0123456789abcdef";
        out.append('"');
        for (const char c : s.toUtf8()) {
            const auto u = static_cast<unsigned char>(c);
            if (c == '"' || c == '\\') {
                out.append('\\');
                out.append(c);
            } else if (u < 0x20) {
                out.append("\\u00");
                out.append(kHex[u >> 4]);
                out.append(kHex[u & 15]);
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

private:
    void flush()
    {
        if (m_ok && !m_buf.isEmpty() && m_device.write(m_buf) != m_buf.size())
            m_ok = false;
        m_buf.clear();
    }

    QIODevice& m_device;
    QByteArray m_buf;
    bool m_ok = true;
    bool m_first = true;
};

const char* endName(ScheduleSegment::End e)
{
    switch (e) {
    case ScheduleSegment::End::Finished:
        return "finished";
    case ScheduleSegment::End::Preempted:
        return "preempted";
    case ScheduleSegment::End::Cut:
        return "cut";
    }
    return "unknown";
}

// GPUs as sorted ranges, e.g. "0-7,12": short for the big jobs, readable in the viewer.
QByteArray gpuRanges(std::span<const int> of)
{
    std::vector<int> gpus(of.begin(), of.end());
    std::sort(gpus.begin(), gpus.end());
    QByteArray out;
    for (std::size_t i = 0; i < gpus.size();) {
        std::size_t k = i;
        while (k + 1 < gpus.size() && gpus[k + 1] == gpus[k] + 1)
            ++k;
        if (!out.isEmpty())
            out.append(',');
        out.append(QByteArray::number(gpus[i]));
        if (k > i) {
            out.append('-');
            out.append(QByteArray::number(gpus[k]));
        }
        i = k + 1;
    }
    return out;
}

struct Span
{
    SimTime from = 0;
    SimTime to = 0;
    int index = 0; // segment or slice
};

// Sorts spans by (start, end) and reports the first pair where one starts before the previous
// one ends; touching and zero-length spans are fine (they nest).
std::optional<std::pair<int, int>> firstOverlap(std::vector<Span>& spans)
{
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
        return a.from != b.from ? a.from < b.from : a.to < b.to;
    });
    for (std::size_t i = 1; i < spans.size(); ++i)
        if (spans[i].from < spans[i - 1].to)
            return std::pair{spans[i - 1].index, spans[i].index};
    return std::nullopt;
}

// Process and thread ids: servers 1..S, then the virtual machine and the cluster counters;
// thread ids come after every process id so that no GPU track is taken for a main thread.
struct Ids
{
    int servers = 0;
    int gpus = 0;
    int serverPid(int s) const { return s + 1; }
    int virtualPid() const { return servers + 1; }
    int clusterPid() const { return servers + 2; }
    int gpuTid(int g) const { return servers + 3 + g; }
    int virtualTid() const { return servers + 3 + gpus; }
};

void metadata(Sink& out, const char* name, int pid, int tid, const char* key, const QString* text,
              int value)
{
    out.begin() << "{\"ph\":\"M\",\"pid\":";
    out.integer(pid);
    if (tid >= 0) {
        out << ",\"tid\":";
        out.integer(tid);
    }
    out << ",\"name\":\"" << name << "\",\"args\":{\"" << key << "\":";
    if (text)
        out.string(*text);
    else
        out.integer(value);
    out << "}}";
    out.endEvent();
}

} // namespace

Status PerfettoTraceWriter::check(const Scenario& scenario, const RunResult& result,
                                  const Schedule& schedule)
{
    const int jobs = int(scenario.jobs.size());
    const int gpus = scenario.cluster.totalGpus();
    if (int(result.jobs.size()) != jobs || schedule.totalGpus != gpus)
        return Error::internal(
            QStringLiteral("trace: the schedule and result do not belong to the scenario"));
    std::vector<std::vector<Span>> perGpu(static_cast<std::size_t>(gpus));
    for (std::size_t i = 0; i < schedule.segments.size(); ++i) {
        const ScheduleSegment& seg = schedule.segments[i];
        const SimTime from = fromSeconds(seg.startS), to = fromSeconds(seg.endS);
        if (seg.job < 0 || seg.job >= jobs || !(seg.startS <= seg.endS) || seg.gpuCount < 0 ||
            std::size_t(seg.gpuFirst) + std::size_t(seg.gpuCount) > schedule.eventGpus.size())
            return Error::internal(QStringLiteral("trace: segment %1 is invalid").arg(i));
        for (const int g : schedule.gpusOf(seg)) {
            if (g < 0 || g >= gpus)
                return Error::internal(
                    QStringLiteral("trace: segment %1 uses GPU %2 of %3").arg(i).arg(g).arg(gpus));
            perGpu[std::size_t(g)].push_back(Span{from, to, int(i)});
        }
    }
    for (std::size_t g = 0; g < perGpu.size(); ++g)
        if (auto o = firstOverlap(perGpu[g])) {
            const auto& segs = schedule.segments;
            return Error::internal(
                QStringLiteral("trace: jobs %1 and %2 overlap on GPU %3")
                    .arg(scenario.jobs[std::size_t(segs[std::size_t(o->first)].job)].id,
                         scenario.jobs[std::size_t(segs[std::size_t(o->second)].job)].id)
                    .arg(g));
        }
    std::vector<Span> slices;
    slices.reserve(schedule.virtualSlices.size());
    for (std::size_t i = 0; i < schedule.virtualSlices.size(); ++i) {
        const VirtualSlice& v = schedule.virtualSlices[i];
        if (v.job < 0 || v.job >= jobs || !(v.fromS <= v.toS))
            return Error::internal(QStringLiteral("trace: virtual slice %1 is invalid").arg(i));
        slices.push_back(Span{fromSeconds(v.fromS), fromSeconds(v.toS), int(i)});
    }
    if (auto o = firstOverlap(slices))
        return Error::internal(
            QStringLiteral("trace: virtual slices %1 and %2 overlap").arg(o->first).arg(o->second));
    return {};
}

namespace {

// The trace of a checked schedule; false after a write error.
bool stream(QIODevice& device, const Scenario& scenario, const RunResult& result,
            const Schedule& schedule)
{
    const Cluster& cluster = scenario.cluster;
    const Ids ids{int(cluster.servers.size()), cluster.totalGpus()};
    Sink out(device);

    const RunSummary& sum = result.summary;
    out << "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"scenario\":";
    out.string(scenario.name) << ",\"policy\":";
    out.string(sum.policy) << ",\"placement\":";
    out.string(sum.placement) << ",\"predictor\":";
    out.string(sum.predictor) << ",\"seed\":";
    out.string(QString::number(result.config.seed)) << ",\"version\":\"" GANTRY_VERSION "\"},\n";
    out << "\"traceEvents\":[";

    // Servers and their GPUs, in cluster order.
    for (int s = 0; s < ids.servers; ++s) {
        const Server& server = cluster.servers[std::size_t(s)];
        const QString type = server.gpuType >= 0 && server.gpuType < int(cluster.gpuTypes.size())
                                 ? cluster.gpuTypes[std::size_t(server.gpuType)].name
                                 : QString();
        const QString name =
            QStringLiteral("%1 (%2x %3)").arg(server.name).arg(server.gpus).arg(type);
        metadata(out, "process_name", ids.serverPid(s), -1, "name", &name, 0);
        metadata(out, "process_sort_index", ids.serverPid(s), -1, "sort_index", nullptr, s);
        for (int k = 0; k < server.gpus; ++k) {
            const int g = cluster.firstGpu(s) + k;
            const QString gpu = QStringLiteral("GPU %1 (#%2)").arg(k).arg(g);
            metadata(out, "thread_name", ids.serverPid(s), ids.gpuTid(g), "name", &gpu, 0);
            metadata(out, "thread_sort_index", ids.serverPid(s), ids.gpuTid(g), "sort_index",
                     nullptr, k);
        }
    }

    // One complete event per (segment, GPU); the arguments are shared by the segment's GPUs.
    for (const ScheduleSegment& seg : schedule.segments) {
        const JobRecord& rec = result.jobs[std::size_t(seg.job)];
        const QString& id = scenario.jobs[std::size_t(seg.job)].id;
        const SimTime ts = fromSeconds(seg.startS);
        QByteArray tail =
            ",\"dur\":" + QByteArray::number(fromSeconds(seg.endS) - ts) + ",\"name\":";
        Sink::appendString(tail, id);
        tail += ",\"args\":{\"job\":";
        Sink::appendString(tail, id);
        tail += ",\"gpus\":\"" + gpuRanges(schedule.gpusOf(seg)) + "\",\"iters\":";
        tail += jsonNumber(seg.iterations) + ",\"end\":\"" + endName(seg.end) +
                "\",\"pred_iters\":" + jsonNumber(rec.predictedIterations) +
                ",\"true_iters\":" + jsonNumber(rec.iterations) + "}}";
        for (const int g : schedule.gpusOf(seg)) {
            out.begin() << "{\"ph\":\"X\",\"pid\":";
            out.integer(ids.serverPid(cluster.serverOfGpu(g))) << ",\"tid\":";
            out.integer(ids.gpuTid(g)) << ",\"ts\":";
            out.integer(ts) << tail;
            out.endEvent();
        }
    }

    // asrpt's virtual single machine: one track of SRPT slices.
    if (!schedule.virtualSlices.empty()) {
        const QString name = QStringLiteral("virtual single machine");
        const QString track = QStringLiteral("SRPT");
        metadata(out, "process_name", ids.virtualPid(), -1, "name", &name, 0);
        metadata(out, "process_sort_index", ids.virtualPid(), -1, "sort_index", nullptr,
                 ids.servers);
        metadata(out, "thread_name", ids.virtualPid(), ids.virtualTid(), "name", &track, 0);
        for (const VirtualSlice& v : schedule.virtualSlices) {
            const QString& id = scenario.jobs[std::size_t(v.job)].id;
            const SimTime ts = fromSeconds(v.fromS);
            out.begin() << "{\"ph\":\"X\",\"pid\":";
            out.integer(ids.virtualPid()) << ",\"tid\":";
            out.integer(ids.virtualTid()) << ",\"ts\":";
            out.integer(ts) << ",\"dur\":";
            out.integer(fromSeconds(v.toS) - ts) << ",\"name\":";
            out.string(id) << ",\"args\":{\"job\":";
            out.string(id) << "}}";
            out.endEvent();
        }
    }

    // Cluster counters; a sample equal to the previous one adds nothing to the track.
    const QString name = QStringLiteral("cluster");
    metadata(out, "process_name", ids.clusterPid(), -1, "name", &name, 0);
    metadata(out, "process_sort_index", ids.clusterPid(), -1, "sort_index", nullptr,
             ids.servers + 1);
    const CounterSample* last = nullptr;
    for (const CounterSample& c : schedule.counters) {
        if (last && last->freeGpus == c.freeGpus && last->queueLength == c.queueLength &&
            last->running == c.running)
            continue;
        last = &c;
        out.begin() << "{\"ph\":\"C\",\"pid\":";
        out.integer(ids.clusterPid()) << ",\"name\":\"cluster\",\"ts\":";
        out.integer(fromSeconds(c.timeS)) << ",\"args\":{\"free_gpus\":";
        out.integer(c.freeGpus) << ",\"queued_jobs\":";
        out.integer(c.queueLength) << ",\"running_jobs\":";
        out.integer(c.running) << "}}";
        out.endEvent();
    }
    out << "\n]}\n";
    return out.finish();
}

} // namespace

Status PerfettoTraceWriter::write(QIODevice& device, const Scenario& scenario,
                                  const RunResult& result, const Schedule& schedule)
{
    if (Status s = check(scenario, result, schedule); !s)
        return s;
    if (!stream(device, scenario, result, schedule))
        return Error::invalid(QStringLiteral("trace: cannot write: %1").arg(device.errorString()));
    return {};
}

Result<QByteArray> PerfettoTraceWriter::toJson(const Scenario& scenario, const RunResult& result,
                                               const Schedule& schedule)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (Status s = write(buffer, scenario, result, schedule); !s)
        return s.error();
    buffer.close();
    return bytes;
}

Status PerfettoTraceWriter::writeFile(const Scenario& scenario, const RunResult& result,
                                      const Schedule& schedule, const QString& path)
{
    if (Status s = check(scenario, result, schedule); !s)
        return s;
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    if (!stream(f, scenario, result, schedule) || !f.commit())
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, f.errorString()));
    return {};
}

} // namespace gantry
