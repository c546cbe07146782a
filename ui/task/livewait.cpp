#include "livewait.h"

#include <QApplication>
#include <QEventLoop>
#include <QMetaObject>
#include <QProgressDialog>
#include <QTimer>

#include <exception>
#include <memory>
#include <thread>

namespace gantry::ui {

void LiveWait::run(QWidget* window, const QString& label, const std::function<void()>& work)
{
    QEventLoop loop;
    std::exception_ptr thrown;
    std::thread worker([&] {
        try {
            work();
        } catch (...) {
            thrown = std::current_exception();
        }
        // Queued: exec() below sees it even when the work ends before the loop starts.
        QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
    });

    std::unique_ptr<QProgressDialog> dialog;
    QTimer later;
    later.setSingleShot(true);
    if (window) {
        QObject::connect(&later, &QTimer::timeout, &loop, [&] {
            dialog = std::make_unique<QProgressDialog>(label, QString(), 0, 0, window);
            dialog->setObjectName(QStringLiteral("liveWaitDialog"));
            dialog->setWindowModality(Qt::WindowModal);
            dialog->setMinimumDuration(0);
            dialog->setMinimumWidth(dialog->fontMetrics().averageCharWidth() * 48);
            dialog->setAutoClose(false);
            dialog->show();
        });
        later.start(kDialogDelayMs);
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    worker.join();
    QApplication::restoreOverrideCursor();
    later.stop();
    dialog.reset();
    if (thrown)
        std::rethrow_exception(thrown);
}

} // namespace gantry::ui
