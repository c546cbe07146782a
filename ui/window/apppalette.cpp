#include "apppalette.h"

#include "appstyle.h"

#include <QApplication>
#include <QSettings>

namespace gantry::ui {

namespace {

const QString DarkKey = QStringLiteral("darkPalette");
bool g_dark = false;

} // namespace

QPalette AppPalette::dark()
{
    const QColor window(0x2b, 0x2b, 0x2e);
    const QColor base(0x1f, 0x1f, 0x22);
    const QColor text(0xe8, 0xe8, 0xea);
    const QColor muted(0x8a, 0x8a, 0x90);
    const QColor highlight(0x3d, 0x8e, 0xe6);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x29, 0x29, 0x2d));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3f));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, muted);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x36, 0x36, 0x3a));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x48, 0x48, 0x4d));
    p.setColor(QPalette::Midlight, QColor(0x3c, 0x3c, 0x41));
    p.setColor(QPalette::Mid, QColor(0x2f, 0x2f, 0x33));
    p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x1a));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xf0));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, muted);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x4a, 0x4a, 0x50));
    return p;
}

void AppPalette::apply(bool dark)
{
    // Light is the palette the platform gave, as it was before the first change.
    static const QPalette platform = QApplication::palette();
    g_dark = dark;
    // Check boxes need a frame of their own on a dark palette (AppStyle); the style goes in
    // before the palette, which it would otherwise reset.
    if (dark && !qobject_cast<AppStyle*>(QApplication::style()))
        QApplication::setStyle(new AppStyle);
    QApplication::setPalette(dark ? AppPalette::dark() : platform);
}

bool AppPalette::isDark()
{
    return g_dark;
}

bool AppPalette::saved()
{
    return QSettings().value(DarkKey, false).toBool();
}

void AppPalette::save(bool dark)
{
    QSettings().setValue(DarkKey, dark);
}

} // namespace gantry::ui
