#include "taskfarm.h"

#include <QStringList>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <memory>
#include <thread>

#include <unistd.h>

namespace gantry::sweep {

namespace {

// Messages: a worker sends Ready once, then Result or Error for each task it was given (each
// also asks for the next task); rank 0 answers each with Task or Stop.
enum Tag : int
{
    TagReady = 1,
    TagResult = 2,
    TagError = 3,
    TagTask = 4,
    TagStop = 5,
};

QByteArray encodeIndex(std::size_t task)
{
    const std::uint64_t v = task;
    QByteArray bytes(sizeof v, '\0');
    std::memcpy(bytes.data(), &v, sizeof v);
    return bytes;
}

bool decodeIndex(const QByteArray& bytes, std::size_t& task)
{
    std::uint64_t v = 0;
    if (bytes.size() < qsizetype(sizeof v))
        return false;
    std::memcpy(&v, bytes.constData(), sizeof v);
    task = std::size_t(v);
    return true;
}

// What the signal handler of rank 0 reads: the task each rank holds (-1: none). Written by the
// hand-out loop, read by the handler; lock-free atomics are safe in a signal handler.
std::atomic<std::int64_t>* g_held = nullptr;
int g_heldCount = 0;
char g_program[64] = {};
char g_noun[32] = {};

void writeText(const char* text)
{
    const std::size_t n = std::strlen(text);
    if (::write(STDERR_FILENO, text, n) < 0)
        return;
}

void writeNumber(std::int64_t value)
{
    char digits[24];
    int n = 0;
    do {
        digits[n++] = char('0' + value % 10);
        value /= 10;
    } while (value > 0 && n < 23);
    char text[24];
    for (int i = 0; i < n; ++i)
        text[i] = digits[n - 1 - i];
    text[n] = '\0';
    writeText(text);
}

// The job is being stopped (mpirun stops every rank with SIGTERM when one dies): say which tasks
// were still out, then die of the same signal. Only async-signal-safe calls.
extern "C" void onStopSignal(int sig)
{
    writeText(g_program);
    writeText(": stopped by signal ");
    writeNumber(sig);
    writeText("; held by the workers:");
    bool any = false;
    for (int r = 1; g_held && r < g_heldCount; ++r) {
        const std::int64_t task = g_held[r].load();
        if (task < 0)
            continue;
        writeText(any ? ", " : " ");
        writeText(g_noun);
        writeText(" ");
        writeNumber(task);
        writeText(" (rank ");
        writeNumber(r);
        writeText(")");
        any = true;
    }
    writeText(any ? "\n" : " none\n");
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void copyName(char* to, std::size_t size, const QString& name)
{
    const QByteArray bytes = name.toUtf8().left(qsizetype(size) - 1);
    std::memcpy(to, bytes.constData(), std::size_t(bytes.size()));
    to[bytes.size()] = '\0';
}

// Installs the stop-signal handler for the duration of rank 0's hand-out.
class StopSignalGuard
{
public:
    StopSignalGuard(std::atomic<std::int64_t>* held, int count)
    {
        g_held = held;
        g_heldCount = count;
        for (int sig : {SIGTERM, SIGINT, SIGHUP})
            m_previous.push_back(std::signal(sig, onStopSignal));
    }
    ~StopSignalGuard()
    {
        int i = 0;
        for (int sig : {SIGTERM, SIGINT, SIGHUP})
            std::signal(sig, m_previous[std::size_t(i++)]);
        g_held = nullptr;
        g_heldCount = 0;
    }
    StopSignalGuard(const StopSignalGuard&) = delete;
    StopSignalGuard& operator=(const StopSignalGuard&) = delete;

private:
    std::vector<void (*)(int)> m_previous;
};

} // namespace

TaskFarm::TaskFarm(MPI_Comm comm, const QString& program, const QString& noun)
    : m_comm(comm), m_program(program), m_noun(noun)
{
    MPI_Comm_set_errhandler(m_comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(m_comm, &m_rank);
    MPI_Comm_size(m_comm, &m_size);
}

QString TaskFarm::mpiError(int code) const
{
    char text[MPI_MAX_ERROR_STRING] = {};
    int length = 0;
    MPI_Error_string(code, text, &length);
    return QString::fromLocal8Bit(text, length);
}

Status TaskFarm::run(const std::vector<std::size_t>& tasks, const Evaluate& evaluate,
                     const Accept& accept)
{
    if (m_size == 1)
        return runAlone(tasks, evaluate, accept);
    return m_rank == 0 ? runRoot(tasks, accept) : runWorker(evaluate);
}

Status TaskFarm::runAlone(const std::vector<std::size_t>& tasks, const Evaluate& evaluate,
                          const Accept& accept)
{
    for (std::size_t task : tasks) {
        Result<QByteArray> result = evaluate(task);
        if (!result)
            return result.error();
        if (Status s = accept(task, result.value()); !s)
            return s;
    }
    return {};
}

Status TaskFarm::runRoot(const std::vector<std::size_t>& tasks, const Accept& accept)
{
    auto held = std::make_unique<std::atomic<std::int64_t>[]>(std::size_t(m_size));
    for (int r = 0; r < m_size; ++r)
        held[std::size_t(r)].store(-1);
    copyName(g_program, sizeof g_program, m_program);
    copyName(g_noun, sizeof g_noun, m_noun);
    StopSignalGuard guard(held.get(), m_size);

    // The tasks still out, for a message when the library reports a failure.
    const auto heldText = [&] {
        QStringList parts;
        for (int r = 1; r < m_size; ++r)
            if (const std::int64_t task = held[std::size_t(r)].load(); task >= 0)
                parts << QStringLiteral("%1 %2 (rank %3)").arg(m_noun).arg(task).arg(r);
        return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
    };

    Status first;
    bool stopping = false;
    std::size_t next = 0;
    int running = m_size - 1; // workers not yet sent Stop
    auto pause = std::chrono::microseconds(50);
    while (running > 0) {
        int flag = 0;
        MPI_Status status;
        if (const int rc = MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, m_comm, &flag, &status);
            rc != MPI_SUCCESS) {
            m_workersStopped = false;
            return Error::internal(QStringLiteral("%1: waiting for the workers failed (%2); "
                                                  "held by the workers: %3")
                                       .arg(m_program, mpiError(rc), heldText()));
        }
        if (!flag) {
            // Polls with a growing pause instead of a blocking receive, which spins: rank 0
            // must not take a core from the workers when ranks share cores.
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::microseconds(1000));
            continue;
        }
        pause = std::chrono::microseconds(50);
        int count = 0;
        MPI_Get_count(&status, MPI_BYTE, &count);
        QByteArray message(count, '\0');
        const int source = status.MPI_SOURCE;
        if (const int rc = MPI_Recv(message.data(), count, MPI_BYTE, source, status.MPI_TAG, m_comm,
                                    MPI_STATUS_IGNORE);
            rc != MPI_SUCCESS) {
            m_workersStopped = false;
            return Error::internal(QStringLiteral("%1: receiving from rank %2 failed (%3); "
                                                  "held by the workers: %4")
                                       .arg(m_program)
                                       .arg(source)
                                       .arg(mpiError(rc), heldText()));
        }
        std::size_t task = 0;
        const std::int64_t expected = held[std::size_t(source)].load();
        if (status.MPI_TAG == TagResult || status.MPI_TAG == TagError) {
            if (!decodeIndex(message, task) || std::int64_t(task) != expected) {
                if (first)
                    first = Error::internal(QStringLiteral("%1: rank %2 answered for %3 %4, "
                                                           "which it was not given")
                                                .arg(m_program)
                                                .arg(source)
                                                .arg(m_noun)
                                                .arg(task));
                stopping = true;
            } else if (status.MPI_TAG == TagResult) {
                held[std::size_t(source)].store(-1);
                if (Status s = accept(task, message.mid(8)); !s && first) {
                    first = s;
                    stopping = true;
                }
            } else {
                held[std::size_t(source)].store(-1);
                const ErrorKind kind = message.size() > 8 && message.at(8) == char(1)
                                           ? ErrorKind::InvalidInput
                                           : ErrorKind::Internal;
                if (first)
                    first = Error{kind, QString::fromUtf8(message.mid(9))};
                stopping = true;
            }
        }
        if (!stopping && next < tasks.size()) {
            const std::size_t give = tasks[next];
            const QByteArray index = encodeIndex(give);
            held[std::size_t(source)].store(std::int64_t(give));
            if (const int rc = MPI_Send(index.constData(), int(index.size()), MPI_BYTE, source,
                                        TagTask, m_comm);
                rc != MPI_SUCCESS) {
                held[std::size_t(source)].store(-1);
                if (first)
                    first = Error::internal(QStringLiteral("%1: rank %2 could not be reached "
                                                           "(%3)")
                                                .arg(m_program)
                                                .arg(source)
                                                .arg(mpiError(rc)));
                stopping = true;
                --running;
                continue;
            }
            ++next;
        } else {
            MPI_Send(nullptr, 0, MPI_BYTE, source, TagStop, m_comm);
            --running;
        }
    }
    return first;
}

Status TaskFarm::runWorker(const Evaluate& evaluate)
{
    if (const int rc = MPI_Send(nullptr, 0, MPI_BYTE, 0, TagReady, m_comm); rc != MPI_SUCCESS)
        return Error::internal(QStringLiteral("%1: rank %2 cannot reach rank 0 (%3)")
                                   .arg(m_program)
                                   .arg(m_rank)
                                   .arg(mpiError(rc)));
    for (;;) {
        MPI_Status status;
        if (const int rc = MPI_Probe(0, MPI_ANY_TAG, m_comm, &status); rc != MPI_SUCCESS)
            return Error::internal(QStringLiteral("%1: rank %2 lost rank 0 (%3)")
                                       .arg(m_program)
                                       .arg(m_rank)
                                       .arg(mpiError(rc)));
        int count = 0;
        MPI_Get_count(&status, MPI_BYTE, &count);
        QByteArray message(count, '\0');
        if (const int rc = MPI_Recv(message.data(), count, MPI_BYTE, 0, status.MPI_TAG, m_comm,
                                    MPI_STATUS_IGNORE);
            rc != MPI_SUCCESS)
            return Error::internal(QStringLiteral("%1: rank %2 lost rank 0 (%3)")
                                       .arg(m_program)
                                       .arg(m_rank)
                                       .arg(mpiError(rc)));
        std::size_t task = 0;
        if (status.MPI_TAG == TagStop || !decodeIndex(message, task))
            return {};
        Result<QByteArray> result = evaluate(task);
        QByteArray reply = encodeIndex(task);
        int tag = TagResult;
        if (result) {
            reply += result.value();
        } else {
            tag = TagError;
            reply += char(result.error().kind == ErrorKind::InvalidInput ? 1 : 0);
            reply += result.error().message.toUtf8();
        }
        if (const int rc = MPI_Send(reply.constData(), int(reply.size()), MPI_BYTE, 0, tag, m_comm);
            rc != MPI_SUCCESS)
            return Error::internal(QStringLiteral("%1: rank %2 lost rank 0 (%3)")
                                       .arg(m_program)
                                       .arg(m_rank)
                                       .arg(mpiError(rc)));
    }
}

} // namespace gantry::sweep
