#include "propertypanel.h"

#include "document/fieldlabels.h"
#include "document/fieldrules.h"
#include "document/projectdocument.h"
#include "format/readabletext.h"
#include "io/gpucatalogue.h"
#include "io/modelzoo.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace gantry::ui {

namespace {

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
    : QWidget(parent), m_document(document), m_stack(new QStackedWidget)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_stack);
    layout->addStretch(1);

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
    addLine(job, QStringLiteral("dp"), FieldLabels::of(QStringLiteral("dp")));
    addLine(job, QStringLiteral("pp"), FieldLabels::of(QStringLiteral("pp")));
    addLine(job, QStringLiteral("tp"), FieldLabels::of(QStringLiteral("tp")));
    addLine(job, QStringLiteral("ep"), FieldLabels::of(QStringLiteral("ep")));
    addLine(job, QStringLiteral("workers"), FieldLabels::of(QStringLiteral("workers")))
        ->setReadOnly(true);
    addLine(job, QStringLiteral("iterations"), FieldLabels::of(QStringLiteral("iterations")));
    addLine(job, QStringLiteral("predicted_iterations"),
            FieldLabels::of(QStringLiteral("predicted_iterations")))
        ->setPlaceholderText(tr("none"));
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

PropertyPanel::Page& PropertyPanel::makePage(Selection::Kind kind, const QString& objectName)
{
    Page& p = m_pages[int(kind)];
    p.widget = new QWidget;
    p.widget->setObjectName(objectName);
    auto* v = new QVBoxLayout(p.widget);
    v->setContentsMargins(0, 0, 0, 0);
    p.title = new QLabel;
    QFont f = p.title->font();
    f.setBold(true);
    p.title->setFont(f);
    v->addWidget(p.title);
    p.form = new QFormLayout;
    v->addLayout(p.form);
    m_stack->addWidget(p.widget);
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
    auto* error = new QLabel;
    error->setObjectName(QStringLiteral("error_") + key);
    error->setStyleSheet(QStringLiteral("color: #c62828;"));
    error->setWordWrap(true);
    error->hide();
    v->addWidget(error);
    page.form->addRow(label, box);
    page.editors.insert(key, editor);
    page.errors.insert(key, error);
}

QLineEdit* PropertyPanel::addLine(Page& page, const QString& key, const QString& label)
{
    auto* edit = new QLineEdit;
    addErrorLabel(page, key, edit, label);
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
    auto* combo = new QComboBox;
    addErrorLabel(page, key, combo, label);
    connect(combo, &QComboBox::activated, this, [this, combo, key](int index) {
        if (m_filling)
            return;
        const QVariant data = combo->itemData(index);
        commit(m_page, key, data.isValid() ? data : QVariant(combo->itemText(index)));
    });
    return combo;
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
    } else if (auto* label = qobject_cast<QLabel*>(editor)) {
        label->setText(text);
    } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        const int i = combo->findText(text);
        if (i >= 0)
            combo->setCurrentIndex(i);
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
    const QLabel* l = it == m_pages.end() ? nullptr : it->second.errors.value(key);
    return l && !l->isHidden() ? l->text() : QString();
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
    for (auto it = page.errors.begin(); it != page.errors.end(); ++it) {
        const QStringList m = messages.value(it.key());
        it.value()->setText(m.join(QLatin1Char('\n')));
        it.value()->setVisible(!m.isEmpty());
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
    m_stack->setCurrentWidget(m_pages[int(kind)].widget);
    m_filling = false;
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
        for (std::size_t r = 0; r < c.racks.size(); ++r)
            rack->addItem(c.racks[r].name, int(r));
        rack->setCurrentIndex(sv.rack);
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
    }
    setText(p.editors[QStringLiteral("dp")], QString::number(j.parallelism.dp));
    setText(p.editors[QStringLiteral("pp")], QString::number(j.parallelism.pp));
    setText(p.editors[QStringLiteral("tp")], QString::number(j.parallelism.tp));
    setText(p.editors[QStringLiteral("ep")], QString::number(j.parallelism.ep));
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
    for (const char* k : {"model", "dp", "pp", "tp", "ep"})
        setRowVisible(p, QLatin1String(k), isModel);
    showErrors(p, Selection::Kind::Job, s.indices);
}

} // namespace gantry::ui
