#include "propertypanel.h"

#include "document/projectdocument.h"
#include "fieldedits.h"
#include "jobpage.h"
#include "propertypage.h"
#include "rackpage.h"
#include "scenariopage.h"
#include "serverpage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLayout>
#include <QLineEdit>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include <algorithm>

namespace gantry::ui {

PropertyPanel::PropertyPanel(ProjectDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_scroll(new QScrollArea), m_stack(new QWidget)
{
    // The pages scroll (a model job's is taller than a short dock); never sideways.
    auto* content = new QWidget;
    content->setObjectName(QStringLiteral("propertyPages"));
    auto* inner = new QVBoxLayout(content);
    inner->setContentsMargins(4, 4, 4, 4);
    inner->addWidget(m_stack);
    // The pages one above the other, only the selection's shown: a hidden page takes no room
    // (a stacked widget keeps the room of its widest and, when its forms wrap, its tallest).
    auto* pages = new QVBoxLayout(m_stack);
    pages->setContentsMargins(0, 0, 0, 0);
    inner->addStretch(1);
    m_scroll->setObjectName(QStringLiteral("propertyScroll"));
    m_scroll->setWidget(content);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);

    // The scenario's page first, then a rack's, the servers' and the jobs'.
    std::vector<std::unique_ptr<PropertyPage>> built;
    built.push_back(std::make_unique<ScenarioPage>());
    built.push_back(std::make_unique<RackPage>());
    built.push_back(std::make_unique<ServerPage>());
    auto job = std::make_unique<JobPage>(fontMetrics());
    m_jobPage = job.get();
    built.push_back(std::move(job));
    for (std::unique_ptr<PropertyPage>& page : built) {
        pages->addWidget(page->widget());
        watch(*page);
        m_pages[int(page->kind())] = std::move(page);
    }

    connect(document, &ProjectDocument::selectionChanged, this, [this] {
        // A refusal is about the item it was typed for.
        for (auto& [kind, page] : m_pages)
            page->clearRefusals();
        refresh();
    });
    connect(document, &ProjectDocument::problemsChanged, this, &PropertyPanel::refresh);
    connect(document, &ProjectDocument::changed, this, &PropertyPanel::refresh);
    refresh();
}

PropertyPanel::~PropertyPanel()
{
    m_filling = true;
    m_document = nullptr;
    delete m_stack; // its editors signal as they go (focus, editing finished)
    m_stack = nullptr;
}

QSize PropertyPanel::minimumSizeHint() const
{
    const QSize own = QWidget::minimumSizeHint();
    const QWidget* content = m_scroll->widget();
    const int width =
        content->minimumSizeHint().width() + m_scroll->verticalScrollBar()->sizeHint().width();
    // The dock keeps the page whole where the window has room (a model job's breakdown in
    // sight), leaving 240 pixels of the window's height to the menus and the dock below it;
    // the rest scrolls. The screen bounds that room too, less a title bar and a panel: taken
    // from the window's height alone, it kept a window on a 1280x800 screen taller than that.
    const QWidget* top = window();
    int room = top && top != this ? std::max(0, top->height() - 240) : 0;
    if (top && top->screen())
        room = std::min(room, std::max(0, top->screen()->availableGeometry().height() - 320));
    const int height = std::min(content->sizeHint().height() + 2 * m_scroll->frameWidth(), room);
    return {std::max(own.width(), width), std::max(own.height(), height)};
}

bool PropertyPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == window() && event->type() == QEvent::Resize)
        updateGeometry(); // the room of minimumSizeHint() changed
    // Undo and redo act on the document wherever the focus is: in a field the keys go past the
    // field's own text undo to the window's actions (the field then shows the document's value).
    if (event->type() == QEvent::ShortcutOverride && qobject_cast<QLineEdit*>(watched)) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo))
            return true; // not accepted: the shortcut is not overridden
    }
    return QWidget::eventFilter(watched, event);
}

void PropertyPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (QWidget* top = window(); top && top != this)
        top->installEventFilter(this); // once: installing again moves it to the front
    updateGeometry();
}

QSize PropertyPanel::sizeHint() const
{
    // As wide as the fields need and a model job's breakdown reads well (not the fields'
    // roomy hints: three parallel degrees side by side would take half the window).
    const QSize own = QWidget::sizeHint();
    const int width =
        std::max(minimumSizeHint().width(), 24 * fontMetrics().averageCharWidth() + 180);
    // As tall as the page shown (the dock gives it that much where it can, the rest scrolls).
    const int height = m_scroll->widget()->sizeHint().height() + 2 * m_scroll->frameWidth();
    return {width, std::max(own.height(), height)};
}

PropertyPage& PropertyPanel::pageOf(Selection::Kind kind) const
{
    return *m_pages.at(int(kind));
}

IterationBreakdownView* PropertyPanel::breakdownView() const
{
    return m_jobPage->breakdown();
}

void PropertyPanel::watch(PropertyPage& page)
{
    PropertyPage* pagePtr = &page;
    const QHash<QString, QWidget*>& editors = page.editors();
    for (auto it = editors.cbegin(); it != editors.cend(); ++it) {
        const QString key = it.key();
        if (auto* edit = qobject_cast<QLineEdit*>(it.value())) {
            edit->installEventFilter(this); // undo and redo keys (eventFilter)
            connect(edit, &QLineEdit::editingFinished, this, [this, edit, key, pagePtr] {
                // Leaving a field that was not typed in (or was refilled since) changes nothing,
                // nor does leaving one as its page gives way to another (the selection changed).
                if (m_filling || edit->isReadOnly() || !edit->isModified() ||
                    pagePtr != &pageOf(m_page))
                    return;
                edit->setModified(false);
                FieldEdits::typed(m_document, *pagePtr, key, edit->text());
                refresh(); // a refused value gives way to the document's, which is kept
            });
        } else if (auto* combo = qobject_cast<QComboBox*>(it.value())) {
            connect(combo, &QComboBox::activated, this, [this, combo, key](int index) {
                if (m_filling)
                    return;
                const QVariant data = combo->itemData(index);
                FieldEdits::commit(m_document, m_page, key,
                                   data.isValid() ? data : QVariant(combo->itemText(index)));
            });
        } else if (auto* check = qobject_cast<QCheckBox*>(it.value())) {
            connect(check, &QCheckBox::clicked, this, [this, key](bool on) {
                if (!m_filling)
                    FieldEdits::commit(m_document, m_page, key, on);
            });
        }
    }
}

QWidget* PropertyPanel::editor(const QString& key) const
{
    const auto it = m_pages.find(int(m_page));
    return it == m_pages.end() ? nullptr : it->second->editor(key);
}

QString PropertyPanel::errorText(const QString& key) const
{
    const auto it = m_pages.find(int(m_page));
    return it == m_pages.end() ? QString() : it->second->shownError(key);
}

void PropertyPanel::focusField(const QString& key)
{
    refresh();
    const auto it = m_pages.find(int(m_page));
    if (it == m_pages.end())
        return;
    QWidget* e = it->second->editor(it->second->fieldOf(key));
    if (!e || !e->isEnabled())
        return;
    m_scroll->ensureWidgetVisible(e->parentWidget());
    e->setFocus(Qt::OtherFocusReason);
    if (auto* line = qobject_cast<QLineEdit*>(e))
        line->selectAll();
}

void PropertyPanel::refresh()
{
    if (!m_document)
        return;
    const Selection& s = m_document->selection();
    const Selection::Kind kind = s.isEmpty() ? Selection::Kind::None : s.kind;
    if (kind != m_page)
        for (auto& [k, p] : m_pages)
            p->clearRefusals();
    m_page = kind;
    m_filling = true;
    PropertyPage& page = pageOf(kind);
    page.fill(*m_document);
    FieldEdits::showErrors(m_document, page, s.indices);
    for (auto& [k, p] : m_pages)
        p->widget()->setVisible(k == int(kind));
    m_filling = false;
    // The dock follows the page's size: the scroll area's content is no layout's item, so its
    // layouts forget the page that went only when told.
    m_stack->layout()->invalidate();
    m_scroll->widget()->layout()->invalidate();
    updateGeometry();
}

} // namespace gantry::ui
