#include "windowlayout.h"

#include <QMainWindow>
#include <QSettings>

namespace gantry::ui {

namespace {

const QString GeometryKey = QStringLiteral("mainWindow/geometry");
const QString StateKey = QStringLiteral("mainWindow/state");

} // namespace

bool WindowLayout::restore(QMainWindow& window)
{
    QSettings settings;
    const QByteArray geometry = settings.value(GeometryKey).toByteArray();
    if (!geometry.isEmpty())
        window.restoreGeometry(geometry);
    const QByteArray state = settings.value(StateKey).toByteArray();
    return !state.isEmpty() && window.restoreState(state);
}

void WindowLayout::save(const QMainWindow& window)
{
    QSettings settings;
    settings.setValue(GeometryKey, window.saveGeometry());
    settings.setValue(StateKey, window.saveState());
}

} // namespace gantry::ui
