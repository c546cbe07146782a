#include "welcome/welcomebanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QStyle>
#include <QToolButton>

namespace gantry::ui {

namespace {
const char* const DismissedKey = "welcomeDismissed";
} // namespace

WelcomeBanner::WelcomeBanner(QWidget* parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("welcomeBanner"));
    setFrameShape(QFrame::StyledPanel);
    // A role, not a copied colour: the banner follows a palette switched later (dark mode).
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);

    auto* text = new QLabel(this);
    text->setObjectName(QStringLiteral("welcomeText"));
    text->setWordWrap(true);
    text->setTextFormat(Qt::RichText);
    text->setText(
        tr("<b>Welcome to Gantry.</b> Four things to try: "
           "<a href=\"cluster\">1. change the cluster</a> (drag a server from the palette, or "
           "edit one in Properties) · "
           "<a href=\"jobs\">2. add a job</a> · "
           "<a href=\"run\">3. run the checked policies</a> · "
           "<a href=\"teaching\">4. step through A-SRPT's decisions</a> in teaching mode."));
    connect(text, &QLabel::linkActivated, this, [this](const QString& link) {
        static const QHash<QString, Step> steps{{QStringLiteral("cluster"), Step::Cluster},
                                                {QStringLiteral("jobs"), Step::Jobs},
                                                {QStringLiteral("run"), Step::Run},
                                                {QStringLiteral("teaching"), Step::Teaching}};
        if (steps.contains(link))
            emit stepRequested(steps.value(link));
    });

    auto* close = new QToolButton(this);
    close->setObjectName(QStringLiteral("welcomeClose"));
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Close the guide (Help > Getting Started shows it again)"));
    connect(close, &QToolButton::clicked, this, &WelcomeBanner::dismiss);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 4, 6);
    layout->addWidget(text, 1);
    layout->addWidget(close, 0, Qt::AlignTop);
    setVisible(!dismissed());
}

bool WelcomeBanner::dismissed()
{
    return QSettings().value(QLatin1String(DismissedKey), false).toBool();
}

void WelcomeBanner::reopen()
{
    QSettings().setValue(QLatin1String(DismissedKey), false);
    show();
}

void WelcomeBanner::dismiss()
{
    QSettings().setValue(QLatin1String(DismissedKey), true);
    hide();
}

} // namespace gantry::ui
