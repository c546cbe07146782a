#include "recordsahead.h"

#include "jobrecordcodec.h"

#include <utility>

namespace gantry::storage {

RecordsAhead::RecordsAhead(std::vector<const std::vector<JobRecord>*> runs)
    : m_runs(std::move(runs)), m_blobs(m_runs.size())
{
    if (!m_runs.empty())
        m_thread = std::thread([this] { encodeAll(); });
}

RecordsAhead::~RecordsAhead()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    if (m_thread.joinable())
        m_thread.join();
}

void RecordsAhead::encodeAll()
{
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        {
            std::lock_guard lock(m_mutex);
            if (m_stop)
                return;
        }
        QByteArray blob = JobRecordCodec::encode(*m_runs[i]);
        {
            std::lock_guard lock(m_mutex);
            m_blobs[i] = std::move(blob);
            m_done = i + 1;
        }
        m_ready.notify_all();
    }
}

QByteArray RecordsAhead::take(std::size_t i)
{
    std::unique_lock lock(m_mutex);
    m_ready.wait(lock, [&] { return m_done > i; });
    return std::exchange(m_blobs[i], QByteArray());
}

} // namespace gantry::storage
