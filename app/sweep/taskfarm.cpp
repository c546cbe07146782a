#include "taskfarm.h"

#include <QFile>
#include <QSaveFile>
#include <QStringList>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <deque>
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

// Tasks a worker holds at once: the one it evaluates and the next, so that it never waits for
// rank 0 between two tasks. Only while at least one task per worker is left to hand out; the
// tail goes one at a time, so a slow task delays at most the one queued behind it.
constexpr int kDepth = 2;

// Ranks wait for messages by polling with a growing pause instead of a blocking receive, which
// spins: a waiting rank must not take a core from the ones evaluating when ranks share cores.
// Queued tasks hide the pause from the workers.
constexpr std::chrono::microseconds kFirstPause(50);
constexpr std::chrono::microseconds kLongestPause(2000);

// What the signal handler of rank 0 reads: the tasks each rank holds, kDepth slotCount per rank
// (-1: empty). Written by the
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

// Set by the first stop signal: a second one, taken by another thread (the MPI library runs its
// own) while the first is being handled, must not print the note again.
std::atomic<bool> g_stopping{false};

// The job is being stopped (mpirun stops every rank with SIGTERM when one dies): say which tasks
// were still out, then die of the same signal. Only async-signal-safe calls. Best effort: the
// launcher may end the process, or stop forwarding its stderr, before the note is through (the
// held-task note file does not depend on it).
extern "C" void onStopSignal(int sig)
{
    if (g_stopping.exchange(true))
        return; // the first handler prints the note and then ends the process
    writeText(g_program);
    writeText(": stopped by signal ");
    writeNumber(sig);
    writeText("; held by the workers:");
    bool any = false;
    for (int slot = 0; g_held && slot < g_heldCount; ++slot) {
        const std::int64_t task = g_held[slot].load();
        if (task < 0)
            continue;
        writeText(any ? ", " : " ");
        writeText(g_noun);
        writeText(" ");
        writeNumber(task);
        writeText(" (rank ");
        writeNumber(slot / kDepth);
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
    const std::size_t slotCount = std::size_t(m_size) * kDepth;
    auto held = std::make_unique<std::atomic<std::int64_t>[]>(slotCount);
    for (std::size_t i = 0; i < slotCount; ++i)
        held[i].store(-1);
    copyName(g_program, sizeof g_program, m_program);
    copyName(g_noun, sizeof g_noun, m_noun);
    StopSignalGuard guard(held.get(), int(slotCount));

    const auto slotOf = [&](int rank, std::int64_t task) -> std::atomic<std::int64_t>* {
        for (int k = 0; k < kDepth; ++k)
            if (held[std::size_t(rank * kDepth + k)].load() == task)
                return &held[std::size_t(rank * kDepth + k)];
        return nullptr;
    };
    const auto holds = [&](int rank) {
        int n = 0;
        for (int k = 0; k < kDepth; ++k)
            n += held[std::size_t(rank * kDepth + k)].load() >= 0 ? 1 : 0;
        return n;
    };
    // The tasks still out, for a message when the library reports a failure.
    const auto heldText = [&] {
        QStringList parts;
        for (std::size_t i = 0; i < slotCount; ++i)
            if (const std::int64_t task = held[i].load(); task >= 0)
                parts << QStringLiteral("%1 %2 (rank %3)").arg(m_noun).arg(task).arg(i / kDepth);
        return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
    };
    // The held-task note: replaced whole (written aside, then renamed) after every message, so
    // that it names the tasks out however the job ends; removed when the hand-out ends.
    const auto noteHeld = [&] {
        if (m_heldNote.isEmpty())
            return;
        QSaveFile note(m_heldNote);
        if (note.open(QIODevice::WriteOnly)) {
            note.write(QStringLiteral("%1: held by the workers: %2\n")
                           .arg(m_program, heldText())
                           .toUtf8());
            note.commit();
        }
    };
    const auto broken = [&](const QString& what, int rc) {
        m_workersStopped = false;
        return Error::internal(QStringLiteral("%1: %2 failed (%3); held by the workers: %4")
                                   .arg(m_program, what, mpiError(rc), heldText()));
    };

    Status first; // the first error; the hand-out stops there
    const auto fail = [&](Status s) {
        if (first)
            first = std::move(s);
    };
    std::size_t next = 0;
    const int workers = m_size - 1;
    int running = workers; // workers not yet sent Stop
    auto pause = kFirstPause;
    while (running > 0) {
        int flag = 0;
        MPI_Status status;
        if (const int rc = MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, m_comm, &flag, &status);
            rc != MPI_SUCCESS)
            return broken(QStringLiteral("waiting for the workers"), rc);
        if (!flag) {
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, kLongestPause);
            continue;
        }
        pause = kFirstPause;
        int count = 0;
        MPI_Get_count(&status, MPI_BYTE, &count);
        QByteArray message(count, '\0');
        const int source = status.MPI_SOURCE;
        if (const int rc = MPI_Recv(message.data(), count, MPI_BYTE, source, status.MPI_TAG, m_comm,
                                    MPI_STATUS_IGNORE);
            rc != MPI_SUCCESS)
            return broken(QStringLiteral("receiving from rank %1").arg(source), rc);
        if (status.MPI_TAG == TagResult || status.MPI_TAG == TagError) {
            std::size_t task = 0;
            std::atomic<std::int64_t>* slot =
                decodeIndex(message, task) ? slotOf(source, std::int64_t(task)) : nullptr;
            if (!slot) {
                fail(Error::internal(QStringLiteral("%1: rank %2 answered for %3 %4, which it "
                                                    "was not given")
                                         .arg(m_program)
                                         .arg(source)
                                         .arg(m_noun)
                                         .arg(task)));
            } else if (status.MPI_TAG == TagResult) {
                slot->store(-1);
                if (first)
                    fail(accept(task, message.mid(8)));
            } else {
                slot->store(-1);
                const ErrorKind kind = message.size() > 8 && message.at(8) == char(1)
                                           ? ErrorKind::InvalidInput
                                           : ErrorKind::Internal;
                fail(Error{kind, QString::fromUtf8(message.mid(9))});
            }
        }
        // Top the worker up: kDepth tasks while enough are left, else one at a time.
        const std::size_t left = first ? tasks.size() - next : 0;
        const int want = left >= std::size_t(workers) ? kDepth : (left > 0 ? 1 : 0);
        while (holds(source) < want && next < tasks.size()) {
            const std::size_t give = tasks[next];
            const QByteArray index = encodeIndex(give);
            std::atomic<std::int64_t>* slot = slotOf(source, -1);
            slot->store(std::int64_t(give));
            if (const int rc = MPI_Send(index.constData(), int(index.size()), MPI_BYTE, source,
                                        TagTask, m_comm);
                rc != MPI_SUCCESS)
                return broken(QStringLiteral("sending to rank %1").arg(source), rc);
            ++next;
        }
        if (holds(source) == 0) {
            MPI_Send(nullptr, 0, MPI_BYTE, source, TagStop, m_comm);
            --running;
        }
        noteHeld();
    }
    if (!m_heldNote.isEmpty())
        QFile::remove(m_heldNote);
    return first;
}

Status TaskFarm::runWorker(const Evaluate& evaluate)
{
    const auto lost = [&](int rc) {
        return Error::internal(QStringLiteral("%1: rank %2 lost rank 0 (%3)")
                                   .arg(m_program)
                                   .arg(m_rank)
                                   .arg(mpiError(rc)));
    };
    if (const int rc = MPI_Send(nullptr, 0, MPI_BYTE, 0, TagReady, m_comm); rc != MPI_SUCCESS)
        return lost(rc);
    std::deque<std::size_t> queue;
    for (;;) {
        // Takes in what rank 0 sent: waits only when there is nothing to evaluate.
        auto pause = kFirstPause;
        for (;;) {
            int flag = 0;
            MPI_Status status;
            if (const int rc = MPI_Iprobe(0, MPI_ANY_TAG, m_comm, &flag, &status);
                rc != MPI_SUCCESS)
                return lost(rc);
            if (!flag && !queue.empty())
                break;
            if (!flag) {
                std::this_thread::sleep_for(pause);
                pause = std::min(pause * 2, kLongestPause);
                continue;
            }
            int count = 0;
            MPI_Get_count(&status, MPI_BYTE, &count);
            QByteArray message(count, '\0');
            if (const int r = MPI_Recv(message.data(), count, MPI_BYTE, 0, status.MPI_TAG, m_comm,
                                       MPI_STATUS_IGNORE);
                r != MPI_SUCCESS)
                return lost(r);
            std::size_t task = 0;
            if (status.MPI_TAG == TagStop || !decodeIndex(message, task))
                return {};
            queue.push_back(task);
        }
        const std::size_t task = queue.front();
        queue.pop_front();
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
            return lost(rc);
    }
}

} // namespace gantry::sweep
