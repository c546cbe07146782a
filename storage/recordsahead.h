#pragma once

#include "sim/jobrecord.h"

#include <QByteArray>

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace gantry::storage {

/// The job records of a save's runs encoded (JobRecordCodec::encode) on another thread, in
/// order, while the save writes on its own; the blobs are the same bytes as encoding them in
/// place.
class RecordsAhead
{
public:
    /// Starts encoding runs; each must stay alive and unchanged until this is destroyed.
    explicit RecordsAhead(std::vector<const std::vector<JobRecord>*> runs);
    /// Stops after the run being encoded and waits for the thread.
    ~RecordsAhead();
    RecordsAhead(const RecordsAhead&) = delete;
    RecordsAhead& operator=(const RecordsAhead&) = delete;

    /// Run i's blob, once it is encoded; each i is taken once.
    QByteArray take(std::size_t i);

private:
    void encodeAll();

    std::vector<const std::vector<JobRecord>*> m_runs;
    std::vector<QByteArray> m_blobs;
    std::size_t m_done = 0; // runs encoded so far (guarded by m_mutex)
    bool m_stop = false;    // the save is over: encode no further (guarded by m_mutex)
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::thread m_thread;
};

} // namespace gantry::storage
