#include "propertypanel.h"

#include "document/fieldlabels.h"
#include "document/fieldrules.h"
#include "document/iterationbreakdown.h"
#include "document/projectdocument.h"
#include "format/elidedcombobox.h"
#include "format/elidedlabel.h"
#include "format/elidedtext.h"
#include "format/readabletext.h"
#include "io/gpucatalogue.h"
#include "io/modelzoo.h"
#include "io/trainingjson.h"
#include "iterationbreakdownview.h"
#include "run/productdefaults.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace gantry::ui {

namespace {

// Widest word of a message under a field, in average characters.
constexpr int MessageWordChars = 20;

QString number(double v)
{
    return QString::number(v, 'g', 12);
}

// The message under a field whose typed text was refused.
QString refusal(const QString& text, const QString& error)
{
    const QString typed = text.trimmed();
    if (typed.isEmpty() || error.startsWith(QLatin1Char('"')))
        return error;
    return QObject::tr("\"%1\" refused: %2").arg(typed, error);
}

QString kindName(JobKind k)
{
    switch (k) {
    case JobKind::Duration:
        return QObject::tr("duration job");
    case JobKind::Graph:
        return QObject::tr("graph job");
    case JobKind::Model:
        return QObject::tr("model job");
    }
    return {};
}

} // namespace

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

    Page& scenario = makePage(Selection::Kind::None, QStringLiteral("scenarioPage"));
    addLine(scenario, QStringLiteral("name"), FieldLabels::of(QStringLiteral("name")));
    // Read-only text wraps in a label; a read-only line edit cut it to "acks, 2 servers...".
    auto* summary = new QLabel;
    summary->setObjectName(QStringLiteral("summary"));
    summary->setWordWrap(true);
    summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    addErrorLabel(scenario, QStringLiteral("summary"), summary,
                  FieldLabels::of(QStringLiteral("summary")));

    Page& rack = makePage(Selection::Kind::Rack, QStringLiteral("rackPage"));
    addLine(rack, QStringLiteral("name"), FieldLabels::of(QStringLiteral("name")));
    addLine(rack, QStringLiteral("uplink_gbps"), FieldLabels::of(QStringLiteral("uplink_gbps")));

    Page& server = makePage(Selection::Kind::Server, QStringLiteral("serverPage"));
    addLine(server, QStringLiteral("name"), FieldLabels::of(QStringLiteral("name")));
    addCombo(server, QStringLiteral("rack"), FieldLabels::of(QStringLiteral("rack")));
    addCombo(server, QStringLiteral("gpu_type"), FieldLabels::of(QStringLiteral("gpu_type")));
    addLine(server, QStringLiteral("gpus"), FieldLabels::of(QStringLiteral("gpus")));
    addLine(server, QStringLiteral("intra_GBps"), FieldLabels::of(QStringLiteral("intra_GBps")));
    addLine(server, QStringLiteral("nic_gbps"), FieldLabels::of(QStringLiteral("nic_gbps")));
    addLine(server, QStringLiteral("count"), FieldLabels::of(QStringLiteral("count")))
        ->setToolTip(tr("Replicates the server: N identical servers named base-0 ... base-(N-1)"));

    Page& job = makePage(Selection::Kind::Job, QStringLiteral("jobPage"));
    addLine(job, QStringLiteral("kind"), FieldLabels::of(QStringLiteral("kind")))
        ->setReadOnly(true);
    addLine(job, QStringLiteral("id"), FieldLabels::of(QStringLiteral("id")));
    addLine(job, QStringLiteral("arrival_s"), FieldLabels::of(QStringLiteral("arrival_s")));
    addLine(job, QStringLiteral("gpus"), FieldLabels::of(QStringLiteral("gpus")));
    addLine(job, QStringLiteral("duration_s"), FieldLabels::of(QStringLiteral("duration_s")));
    addCombo(job, QStringLiteral("model"), FieldLabels::of(QStringLiteral("model")));
    addDegrees(job, {QStringLiteral("dp"), QStringLiteral("pp"), QStringLiteral("tp"),
                     QStringLiteral("ep"), QStringLiteral("cp"), QStringLiteral("vp")});
    job.editors[QStringLiteral("cp")]->setToolTip(
        tr("Context parallel (cp): each of cp GPUs holds 1/cp of every sequence (must divide "
           "the model's sequence length)"));
    job.editors[QStringLiteral("vp")]->setToolTip(
        tr("Virtual stages (vp): pipeline stages per GPU of the interleaved schedule; the "
           "bubble shrinks by vp (needs pp >= 2)"));
    addChoice(job, QStringLiteral("precision"), TrainingJson::precisionNames(),
              TrainingJson::precisionNames(),
              {tr("Single precision on CUDA cores"), tr("TensorFloat-32 tensor cores"),
               tr("Half precision with loss scaling"), tr("bfloat16 (fp32 main gradients)"),
               tr("fp8 matrix multiplies, bf16 storage")});
    addChoice(job, QStringLiteral("recompute"), TrainingJson::recomputeNames(),
              {tr("none"), tr("selective (attention)"), tr("full (every layer)")},
              {tr("Every activation is kept"),
               tr("The attention core is computed again in the backward pass"),
               tr("Only each layer's input is kept; the forward pass runs again")});
    addCheck(job, QStringLiteral("sequence_parallel"),
             FieldLabels::of(QStringLiteral("sequence_parallel")))
        ->setToolTip(tr("Splits the activations outside the tensor-parallel blocks over the "
                        "tensor ranks (reduce-scatter + all-gather instead of all-reduce)"));
    addChoice(job, QStringLiteral("optimizer_sharding"), TrainingJson::shardingNames(),
              {tr("none"), tr("distributed (ZeRO-1)"), tr("zero3 (FSDP)")},
              {tr("Every data-parallel replica holds all optimizer state"),
               tr("Optimizer state split over the data-parallel replicas"),
               tr("Parameters, gradients and optimizer state split over the replicas")});
    addChoice(job, QStringLiteral("overlap"), TrainingJson::overlapNames(),
              {tr("none"), tr("dp (gradients)"), tr("dp + tp")},
              {tr("Every collective waits for compute"),
               tr("The data-parallel gradient reduction overlaps the backward pass"),
               tr("And the tensor-parallel collectives overlap the matrix multiplies")});
    // What the model, degrees and settings above give, right under them.
    m_breakdown = new IterationBreakdownView;
    m_breakdown->setObjectName(QStringLiteral("iterationBreakdown"));
    job.form->addRow(m_breakdown);
    addLine(job, QStringLiteral("workers"), FieldLabels::of(QStringLiteral("workers")))
        ->setReadOnly(true);
    addLine(job, QStringLiteral("iterations"), FieldLabels::of(QStringLiteral("iterations")));
    // Empty, the field says what a predictor with no history yet (the forests' cold start,
    // mean) predicts for the job: the run's default_iterations.
    QLineEdit* predicted = addLine(job, QStringLiteral("predicted_iterations"),
                                   FieldLabels::of(QStringLiteral("predicted_iterations")));
    const QString coldStart = number(ProductDefaults::runConfig().defaultIterations);
    predicted->setPlaceholderText(tr("none: %1 with no history").arg(coldStart));
    predicted->setToolTip(
        tr("%1. Left empty, a predictor with no history yet predicts %2 for this job; with a "
           "value, the forests start from it.")
            .arg(FieldLabels::of(QStringLiteral("predicted_iterations")), coldStart));
    addLine(job, QStringLiteral("user"), FieldLabels::of(QStringLiteral("user")));
    addLine(job, QStringLiteral("weight"), FieldLabels::of(QStringLiteral("weight")));

    connect(document, &ProjectDocument::selectionChanged, this, [this] {
        // A refusal is about the item it was typed for.
        for (auto& [kind, page] : m_pages)
            page.localErrors.clear();
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

PropertyPanel::Page& PropertyPanel::makePage(Selection::Kind kind, const QString& objectName)
{
    Page& p = m_pages[int(kind)];
    p.widget = new QWidget;
    p.widget->setObjectName(objectName);
    auto* v = new QVBoxLayout(p.widget);
    v->setContentsMargins(0, 0, 0, 0);
    // The selected item's name may be of any length: the title elides it (whole in the tooltip).
    p.title = new ElidedLabel;
    p.title->setObjectName(QStringLiteral("pageTitle"));
    QFont f = p.title->font();
    f.setBold(true);
    p.title->setFont(f);
    v->addWidget(p.title);
    p.form = new QFormLayout;
    // In a narrow dock a field goes under its label rather than widening the dock.
    p.form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    v->addLayout(p.form);
    p.widget->hide();
    m_stack->layout()->addWidget(p.widget);
    return p;
}

void PropertyPanel::addErrorLabel(Page& page, const QString& key, QWidget* editor,
                                  const QString& label)
{
    editor->setObjectName(QStringLiteral("field_") + key);
    auto* box = new QWidget;
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(1);
    v->addWidget(editor);
    QLabel* error = newErrorLabel(key);
    v->addWidget(error);
    page.form->addRow(label, box);
    page.editors.insert(key, editor);
    page.errors.insert(key, error);
}

QLineEdit* PropertyPanel::addLine(Page& page, const QString& key, const QString& label)
{
    QLineEdit* edit = newLine(page, key);
    addErrorLabel(page, key, edit, label);
    return edit;
}

QLabel* PropertyPanel::newErrorLabel(const QString& key)
{
    auto* error = new QLabel;
    error->setObjectName(QStringLiteral("error_") + key);
    error->setStyleSheet(QStringLiteral("color: #c62828;"));
    error->setWordWrap(true);
    // The message wraps in the width the fields take; it never asks for more.
    error->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    error->hide();
    return error;
}

void PropertyPanel::addDegrees(Page& page, const QStringList& keys)
{
    // Two rows of three short fields ("dp [4]  pp [2]  tp [4]"); each field's problem shows
    // under its row over the whole width, where a long message has room.
    auto* box = new QWidget;
    auto* grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(4);
    grid->setVerticalSpacing(2);
    constexpr int PerRow = 3;
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const QString& key = keys[i];
        const int row = int(i / PerRow) * (PerRow + 1);
        const int column = int(i % PerRow) * 2;
        QLineEdit* edit = newLine(page, key);
        edit->setObjectName(QStringLiteral("field_") + key);
        edit->setToolTip(FieldLabels::of(key));
        edit->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("00000")) + 8);
        auto* name = new QLabel(key);
        name->setBuddy(edit);
        name->setToolTip(FieldLabels::of(key));
        grid->addWidget(name, row, column);
        grid->addWidget(edit, row, column + 1);
        grid->setColumnStretch(column + 1, 1);
        QLabel* error = newErrorLabel(key);
        grid->addWidget(error, row + 1 + int(i % PerRow), 0, 1, PerRow * 2);
        page.editors.insert(key, edit);
        page.errors.insert(key, error);
    }
    page.form->addRow(FieldLabels::of(QStringLiteral("parallelism")), box);
}

QLineEdit* PropertyPanel::newLine(Page& page, const QString& key)
{
    auto* edit = new QLineEdit;
    edit->installEventFilter(this); // undo and redo keys (eventFilter)
    Page* pagePtr = &page;
    connect(edit, &QLineEdit::editingFinished, this, [this, edit, key, pagePtr] {
        // Leaving a field that was not typed in (or was refilled since) changes nothing, nor
        // does leaving one as its page gives way to another (the selection changed).
        if (m_filling || edit->isReadOnly() || !edit->isModified() ||
            pagePtr != &m_pages[int(m_page)])
            return;
        edit->setModified(false);
        const QString text = edit->text();
        const FieldRules::Outcome checked = FieldRules::check(m_page, key, text);
        pagePtr->localErrors.remove(key);
        if (checked.ok())
            commit(m_page, key, checked.value);
        else
            pagePtr->localErrors.insert(key, refusal(text, checked.error));
        refresh(); // a refused value gives way to the document's, which is kept
    });
    return edit;
}

QComboBox* PropertyPanel::addCombo(Page& page, const QString& key, const QString& label)
{
    // As wide as the field column, not as the longest rack or model name: cut with an ellipsis,
    // whole in the list and the tooltip.
    auto* combo = new ElidedComboBox;
    combo->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    addErrorLabel(page, key, combo, label);
    connect(combo, &QComboBox::activated, this, [this, combo, key](int index) {
        if (m_filling)
            return;
        const QVariant data = combo->itemData(index);
        commit(m_page, key, data.isValid() ? data : QVariant(combo->itemText(index)));
    });
    return combo;
}

QComboBox* PropertyPanel::addChoice(Page& page, const QString& key, const QStringList& names,
                                    const QStringList& shown, const QStringList& tips)
{
    QComboBox* combo = addCombo(page, key, FieldLabels::of(key));
    for (qsizetype i = 0; i < names.size(); ++i) {
        combo->addItem(shown.value(i, names[i]), names[i]); // the data is the file's name
        combo->setItemData(int(i), tips.value(i), Qt::ToolTipRole);
    }
    return combo;
}

QCheckBox* PropertyPanel::addCheck(Page& page, const QString& key, const QString& label)
{
    auto* check = new QCheckBox;
    addErrorLabel(page, key, check, label);
    connect(check, &QCheckBox::clicked, this, [this, key](bool on) {
        if (!m_filling)
            commit(m_page, key, on);
    });
    return check;
}

void PropertyPanel::commit(Selection::Kind kind, const QString& key, const QVariant& value)
{
    if (!m_document)
        return;
    const Selection s = m_document->selection();
    switch (kind) {
    case Selection::Kind::None:
        if (key == QLatin1String("name"))
            m_document->setScenarioName(value.toString());
        break;
    case Selection::Kind::Rack:
        for (int r : s.indices)
            if (key != QLatin1String("name") || s.indices.size() == 1)
                m_document->setRackField(r, key, value);
        break;
    case Selection::Kind::Server:
        if (key == QLatin1String("count")) {
            if (s.indices.size() == 1)
                m_document->setServerCount(s.indices.front(), value.toInt());
        } else {
            m_document->setServerField(s.indices, key, value);
        }
        break;
    case Selection::Kind::Job:
        if (s.indices.size() == 1)
            m_document->setJobField(s.indices.front(), key, value);
        break;
    }
}

void PropertyPanel::setText(QWidget* editor, const QString& text)
{
    const QSignalBlocker block(editor);
    if (auto* line = qobject_cast<QLineEdit*>(editor)) {
        if (line->text() != text)
            line->setText(text);
        line->setModified(false); // it shows the document's value: leaving it edits nothing
    } else if (auto* label = qobject_cast<QLabel*>(editor)) {
        label->setText(text);
    } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        // Choices carry the file's name as data (training settings); the others their text.
        int i = combo->findData(text);
        if (i < 0)
            i = combo->findText(text);
        if (i >= 0)
            combo->setCurrentIndex(i);
    } else if (auto* check = qobject_cast<QCheckBox*>(editor)) {
        check->setChecked(text == QLatin1String("true"));
    }
}

void PropertyPanel::setRowVisible(Page& page, const QString& key, bool visible)
{
    if (QWidget* e = page.editors.value(key))
        page.form->setRowVisible(e->parentWidget(), visible);
}

QWidget* PropertyPanel::editor(const QString& key) const
{
    const auto it = m_pages.find(int(m_page));
    return it == m_pages.end() ? nullptr : it->second.editors.value(key);
}

QString PropertyPanel::errorText(const QString& key) const
{
    const auto it = m_pages.find(int(m_page));
    return it == m_pages.end() ? QString() : it->second.shownErrors.value(key);
}

void PropertyPanel::showErrors(Page& page, Selection::Kind kind, const std::vector<int>& indices)
{
    QHash<QString, QStringList> messages;
    for (auto it = page.localErrors.constBegin(); it != page.localErrors.constEnd(); ++it)
        messages[it.key()] << it.value();
    if (m_document)
        for (const Problem& p : m_document->problems()) {
            if (p.target != kind)
                continue;
            if (kind != Selection::Kind::None &&
                std::find(indices.begin(), indices.end(), p.index) == indices.end())
                continue;
            messages[fieldOf(page, kind, p.field)] << p.message;
        }
    page.shownErrors.clear();
    for (auto it = page.errors.begin(); it != page.errors.end(); ++it) {
        const QStringList m = messages.value(it.key());
        const QString whole = m.join(QLatin1Char('\n'));
        if (!m.isEmpty())
            page.shownErrors.insert(it.key(), whole);
        // A refused 300-digit value or a long name is one word that no wrapping breaks: it is
        // cut in its middle, the whole message is in the tooltip.
        QLabel* label = it.value();
        const QString shown =
            ElidedText::words(whole, label->fontMetrics(),
                              MessageWordChars * label->fontMetrics().averageCharWidth());
        label->setText(shown);
        label->setToolTip(shown != whole ? whole : QString());
        label->setVisible(!m.isEmpty());
        if (QWidget* e = page.editors.value(it.key()))
            e->setStyleSheet(m.isEmpty() ? QString()
                                         : QStringLiteral("border: 1px solid #c62828;"));
    }
}

QString PropertyPanel::fieldOf(const Page& page, Selection::Kind kind, const QString& key)
{
    if (kind == Selection::Kind::Job && key == QLatin1String("parallelism"))
        return QStringLiteral("dp");
    if (page.errors.contains(key))
        return key;
    return kind == Selection::Kind::Job    ? QStringLiteral("id")
           : kind == Selection::Kind::None ? QStringLiteral("summary")
                                           : QStringLiteral("name");
}

void PropertyPanel::focusField(const QString& key)
{
    refresh();
    const auto it = m_pages.find(int(m_page));
    if (it == m_pages.end())
        return;
    QWidget* e = it->second.editors.value(fieldOf(it->second, m_page, key));
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
            p.localErrors.clear();
    m_page = kind;
    m_filling = true;
    switch (kind) {
    case Selection::Kind::None:
        fillScenario();
        break;
    case Selection::Kind::Rack:
        fillRack();
        break;
    case Selection::Kind::Server:
        fillServer();
        break;
    case Selection::Kind::Job:
        fillJob();
        break;
    }
    for (auto& [k, p] : m_pages)
        p.widget->setVisible(k == int(kind));
    m_filling = false;
    // The dock follows the page's size: the scroll area's content is no layout's item, so its
    // layouts forget the page that went only when told.
    m_stack->layout()->invalidate();
    m_scroll->widget()->layout()->invalidate();
    updateGeometry();
}

void PropertyPanel::fillScenario()
{
    Page& p = m_pages[int(Selection::Kind::None)];
    const bool has = m_document->hasCurrent();
    const Scenario& sc = m_document->current();
    p.title->setText(has ? tr("Scenario") : tr("No scenario: open one or add a rack"));
    setText(p.editors[QStringLiteral("name")], sc.name);
    p.editors[QStringLiteral("name")]->setEnabled(has);
    setText(p.editors[QStringLiteral("summary")],
            tr("%1, %2, %3, %4")
                .arg(ReadableText::count(qint64(sc.cluster.racks.size()), tr("rack"), tr("racks")),
                     ReadableText::count(qint64(sc.cluster.servers.size()), tr("server"),
                                         tr("servers")),
                     ReadableText::count(sc.cluster.totalGpus(), tr("GPU"), tr("GPUs")),
                     ReadableText::count(qint64(sc.jobs.size()), tr("job"), tr("jobs"))));
    showErrors(p, Selection::Kind::None, {});
}

void PropertyPanel::fillRack()
{
    Page& p = m_pages[int(Selection::Kind::Rack)];
    const Selection& s = m_document->selection();
    const Cluster& c = m_document->current().cluster;
    const Rack& r = c.racks[std::size_t(s.indices.front())];
    const bool single = s.indices.size() == 1;
    p.title->setText(single ? tr("Rack %1").arg(r.name) : tr("%1 racks").arg(s.indices.size()));
    setText(p.editors[QStringLiteral("name")], single ? r.name : QString());
    p.editors[QStringLiteral("name")]->setEnabled(single);
    setText(p.editors[QStringLiteral("uplink_gbps")], number(r.uplinkGbps));
    showErrors(p, Selection::Kind::Rack, s.indices);
}

void PropertyPanel::fillServer()
{
    Page& p = m_pages[int(Selection::Kind::Server)];
    const Selection& s = m_document->selection();
    const Cluster& c = m_document->current().cluster;
    const int first = s.indices.front();
    const Server& sv = c.servers[std::size_t(first)];
    const bool single = s.indices.size() == 1;
    p.title->setText(single ? tr("Server %1").arg(sv.name)
                            : tr("%1 servers").arg(s.indices.size()));
    setText(p.editors[QStringLiteral("name")], single ? sv.name : QString());
    p.editors[QStringLiteral("name")]->setEnabled(single);

    auto* rack = static_cast<QComboBox*>(p.editors[QStringLiteral("rack")]);
    {
        const QSignalBlocker block(rack);
        rack->clear();
        for (std::size_t r = 0; r < c.racks.size(); ++r) {
            rack->addItem(c.racks[r].name, int(r));
            rack->setItemData(int(r), c.racks[r].name, Qt::ToolTipRole);
        }
        rack->setCurrentIndex(sv.rack);
        rack->setToolTip(rack->currentText());
    }
    auto* type = static_cast<QComboBox*>(p.editors[QStringLiteral("gpu_type")]);
    {
        const QSignalBlocker block(type);
        type->clear();
        QStringList names;
        for (const GpuType& t : GpuCatalogue::builtin())
            names << t.name;
        for (const GpuType& t : c.gpuTypes)
            if (!names.contains(t.name))
                names << t.name;
        type->addItems(names);
        if (sv.gpuType >= 0 && sv.gpuType < int(c.gpuTypes.size()))
            type->setCurrentIndex(names.indexOf(c.gpuTypes[std::size_t(sv.gpuType)].name));
    }
    setText(p.editors[QStringLiteral("gpus")], QString::number(sv.gpus));
    setText(p.editors[QStringLiteral("intra_GBps")], number(sv.intraGBps));
    setText(p.editors[QStringLiteral("nic_gbps")], number(sv.nicGbps));
    setText(p.editors[QStringLiteral("count")],
            QString::number(m_document->replicasOf(first).size()));
    p.editors[QStringLiteral("count")]->setEnabled(single);
    showErrors(p, Selection::Kind::Server, s.indices);
}

void PropertyPanel::fillJob()
{
    Page& p = m_pages[int(Selection::Kind::Job)];
    const Selection& s = m_document->selection();
    const Scenario& sc = m_document->current();
    const Job& j = sc.jobs[std::size_t(s.indices.front())];
    const bool single = s.indices.size() == 1;
    p.title->setText(single ? tr("Job %1").arg(j.id) : tr("%1 jobs").arg(s.indices.size()));
    for (QWidget* e : std::as_const(p.editors))
        e->setEnabled(single);
    setText(p.editors[QStringLiteral("kind")], kindName(j.kind));
    setText(p.editors[QStringLiteral("id")], j.id);
    setText(p.editors[QStringLiteral("arrival_s")], number(j.arrivalS));
    setText(p.editors[QStringLiteral("gpus")], QString::number(j.gpus));
    setText(p.editors[QStringLiteral("duration_s")], number(j.durationS));
    auto* model = static_cast<QComboBox*>(p.editors[QStringLiteral("model")]);
    {
        const QSignalBlocker block(model);
        model->clear();
        QStringList names;
        for (const ModelSpec& m : sc.models)
            names << m.name;
        for (const ModelSpec& m : ModelZoo::builtin())
            if (!names.contains(m.name))
                names << m.name;
        if (!names.contains(j.model) && !j.model.isEmpty())
            names << j.model;
        model->addItems(names);
        model->setCurrentIndex(names.indexOf(j.model));
        model->setToolTip(j.model);
    }
    setText(p.editors[QStringLiteral("dp")], QString::number(j.parallelism.dp));
    setText(p.editors[QStringLiteral("pp")], QString::number(j.parallelism.pp));
    setText(p.editors[QStringLiteral("tp")], QString::number(j.parallelism.tp));
    setText(p.editors[QStringLiteral("ep")], QString::number(j.parallelism.ep));
    setText(p.editors[QStringLiteral("cp")], QString::number(j.parallelism.cp));
    setText(p.editors[QStringLiteral("vp")], QString::number(j.parallelism.vp));
    const TrainingSettings& t = j.training;
    setText(p.editors[QStringLiteral("precision")], TrainingJson::precisionName(t.precision));
    setText(p.editors[QStringLiteral("recompute")], TrainingJson::recomputeName(t.recompute));
    setText(p.editors[QStringLiteral("sequence_parallel")],
            t.sequenceParallel ? QStringLiteral("true") : QStringLiteral("false"));
    setText(p.editors[QStringLiteral("optimizer_sharding")],
            TrainingJson::shardingName(t.optimizerSharding));
    setText(p.editors[QStringLiteral("overlap")], TrainingJson::overlapName(t.overlap));
    setText(p.editors[QStringLiteral("workers")],
            tr("%1 workers, %2 edges").arg(j.graph.workers.size()).arg(j.graph.edges.size()));
    setText(p.editors[QStringLiteral("iterations")], number(j.iterations));
    setText(p.editors[QStringLiteral("predicted_iterations")],
            j.predictedIterations ? number(*j.predictedIterations) : QString());
    setText(p.editors[QStringLiteral("user")], j.user);
    setText(p.editors[QStringLiteral("weight")], number(j.weight));
    const bool duration = j.kind == JobKind::Duration;
    const bool isModel = j.kind == JobKind::Model;
    setRowVisible(p, QStringLiteral("gpus"), duration);
    setRowVisible(p, QStringLiteral("duration_s"), duration);
    setRowVisible(p, QStringLiteral("iterations"), !duration);
    setRowVisible(p, QStringLiteral("workers"), !duration);
    for (const char* k : {"model", "dp", "pp", "tp", "ep", "cp", "vp", "precision", "recompute",
                          "sequence_parallel", "optimizer_sharding", "overlap"})
        setRowVisible(p, QLatin1String(k), isModel);
    p.form->setRowVisible(m_breakdown, isModel && single);
    if (isModel && single) {
        std::optional<IterationBreakdown> b = IterationBreakdown::of(sc.cluster, j);
        m_breakdown->setBreakdown(
            std::move(b), j.graph.workers.empty()
                              ? tr("No time per iteration: the model and parallelism do not "
                                   "suit each other or the cluster (see Problems).")
                              : tr("No time per iteration: the cluster has no server to run on."));
    }
    showErrors(p, Selection::Kind::Job, s.indices);
}

} // namespace gantry::ui
