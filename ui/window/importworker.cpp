#include "importworker.h"

#include "io/import/traceimporterregistry.h"
#include "metatypes.h"
#include "util/error.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QFile>
#include <QFileInfo>

#include <exception>

namespace gantry::ui {

namespace {

constexpr qint64 BlockBytes = qint64(1) << 20;

} // namespace

ImportWorker::ImportWorker(QObject* parent) : QObject(parent)
{
    registerMetaTypes();
}

void ImportWorker::cancel(std::uint64_t ticket)
{
    std::uint64_t seen = m_cancelUpTo.load();
    while (seen < ticket && !m_cancelUpTo.compare_exchange_weak(seen, ticket)) {
    }
}

bool ImportWorker::cancelRequested(std::uint64_t ticket) const
{
    return ticket <= m_cancelUpTo.load();
}

void ImportWorker::submit(quint64 ticket, Request request)
{
    m_requests.put({ticket, std::move(request)});
}

std::optional<ImportWorker::Imported> ImportWorker::takeImported()
{
    return m_imported.take();
}

void ImportWorker::importNext()
{
    if (std::optional<std::pair<quint64, Request>> next = m_requests.take())
        import(next->first, next->second);
}

void ImportWorker::import(quint64 ticket, const Request& request)
{
    if (cancelRequested(ticket)) {
        emit cancelled(ticket);
        return;
    }
    const QString name = QFileInfo(request.path).fileName();
    // Reading the file first, a block at a time, gives progress by bytes and a place to stop;
    // the importer then finds it in the system's cache.
    QFile file(request.path);
    if (file.open(QIODevice::ReadOnly)) {
        const double size = double(std::max<qint64>(1, file.size()));
        qint64 done = 0;
        qint64 lines = 0;
        int lastPercent = -1;
        while (!file.atEnd()) {
            if (cancelRequested(ticket)) {
                emit cancelled(ticket);
                return;
            }
            const QByteArray block = file.read(BlockBytes);
            if (block.isEmpty())
                break;
            done += block.size();
            lines += block.count('\n');
            const int percent = int(100.0 * double(done) / size);
            if (percent != lastPercent) {
                lastPercent = percent;
                emit progress(ticket, ReadShare * double(done) / size,
                              tr("Reading %1 (%2%)").arg(name).arg(percent));
            }
        }
        emit progress(ticket, ReadShare,
                      tr("Importing %n row(s) of %1", nullptr, int(lines)).arg(name));
    } // else the importer names the file and why it cannot be read

    // The importer's progress fills the rest of the bar; cancel() reaches it at its next report
    // (at most every thousandth of the range), where it stops at once.
    QString step = tr("Importing %1").arg(name);
    Feedback* self = nullptr;
    Feedback feedback([&](double fraction, const QString& next) {
        if (cancelRequested(ticket)) {
            self->cancel();
            return;
        }
        if (!next.isEmpty())
            step = next;
        emit progress(ticket, ReadShare + (1.0 - ReadShare) * fraction, step);
    });
    self = &feedback;
    Result<ImportedTrace> result = Error::internal(QString());
    try {
        result = TraceImporterRegistry::import(request.format, request.path, request.cluster,
                                               request.options, {}, &feedback);
    } catch (const std::exception& e) {
        result = Error::internal(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        result = Error::internal(tr("unknown exception"));
    }
    if (cancelRequested(ticket) || (!result.ok() && result.error().kind == ErrorKind::Cancelled)) {
        emit cancelled(ticket);
        return;
    }
    if (!result.ok()) {
        emit failed(ticket, result.error().message);
        return;
    }
    m_imported.put(
        {ticket, std::move(result.value().scenario), result.value().report.summaryLines()});
    emit imported(ticket);
}

} // namespace gantry::ui
