#include "newgraphjobdialog.h"

#include "document/jobbuilder.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace gantry::ui {

namespace {
constexpr double R = 14.0;
}

NewGraphJobDialog::NewGraphJobDialog(const Scenario& scenario, QWidget* parent)
    : QDialog(parent), m_scenario(scenario), m_scene(new QGraphicsScene(this))
{
    setWindowTitle(tr("New graph job"));
    auto* view = new QGraphicsView(m_scene);
    view->setObjectName(QStringLiteral("graphCanvas"));
    view->setRenderHint(QPainter::Antialiasing);
    view->setDragMode(QGraphicsView::RubberBandDrag);
    view->setMinimumSize(420, 260);
    m_scene->setSceneRect(0, 0, 400, 240);

    auto number = [](double lo, double hi, double v, int decimals) {
        auto* s = new QDoubleSpinBox;
        s->setRange(lo, hi);
        s->setDecimals(decimals);
        s->setValue(v);
        return s;
    };
    m_id = new QLineEdit(JobBuilder::freshJobId(scenario));
    m_compute = number(0.0, 1e4, 0.5, 3);
    m_memory = number(0.0, 1e4, 10.0, 1);
    m_trafficGb = number(0.0, 1e6, 1.0, 3);
    m_iterations = number(1, 1e9, 1000, 0);
    m_arrival = number(0, 1e9, 0, 1);
    m_status = new QLabel;
    m_status->setWordWrap(true);

    auto* add = new QPushButton(tr("Add worker"));
    auto* link = new QPushButton(tr("Connect selected"));
    link->setToolTip(tr("Select two workers (click, Ctrl+click) and connect them"));
    connect(add, &QPushButton::clicked, this, [this] { addWorker(); });
    connect(link, &QPushButton::clicked, this, [this] { connectSelected(); });
    auto* tools = new QHBoxLayout;
    tools->addWidget(add);
    tools->addWidget(link);
    tools->addStretch(1);

    auto* form = new QFormLayout;
    form->addRow(tr("Id"), m_id);
    form->addRow(tr("New worker: compute (s / iteration)"), m_compute);
    form->addRow(tr("New worker: memory (GB)"), m_memory);
    form->addRow(tr("Traffic of a new edge (GB / iteration)"), m_trafficGb);
    form->addRow(tr("Iterations"), m_iterations);
    form->addRow(tr("Arrival (s)"), m_arrival);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_id, &QLineEdit::textChanged, this, &NewGraphJobDialog::update);
    // Edges follow their nodes when these are dragged.
    connect(m_scene, &QGraphicsScene::changed, this, [this] { redrawEdges(); });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(tools);
    layout->addWidget(view, 1);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);
    update();
}

int NewGraphJobDialog::addWorker()
{
    const int i = int(m_nodes.size());
    const double x = 30 + (i % 8) * 46.0;
    const double y = 30 + (i / 8) * 46.0;
    auto* node = m_scene->addEllipse(QRectF(-R, -R, 2 * R, 2 * R), QPen(Qt::darkGray),
                                     QBrush(QColor(0xff, 0xcc, 0x80)));
    node->setPos(x, y);
    node->setZValue(1);
    node->setFlags(QGraphicsItem::ItemIsMovable | QGraphicsItem::ItemIsSelectable);
    auto* label = new QGraphicsSimpleTextItem(QString::number(i), node);
    label->setPos(-label->boundingRect().width() / 2, -label->boundingRect().height() / 2);
    m_nodes.push_back(node);
    m_workers.push_back({m_compute->value(), 0.0, m_memory->value()});
    node->setToolTip(
        tr("worker %1: %2 s, %3 GB").arg(i).arg(m_compute->value()).arg(m_memory->value()));
    update();
    return i;
}

bool NewGraphJobDialog::connectWorkers(int a, int b, double bytes)
{
    const int n = int(m_nodes.size());
    if (a == b || a < 0 || b < 0 || a >= n || b >= n || !(bytes >= 0.0))
        return false;
    auto same = [a, b](const JobGraph::Edge& e) {
        return (e.a == a && e.b == b) || (e.a == b && e.b == a);
    };
    std::erase_if(m_edges, same);
    m_edges.push_back({std::min(a, b), std::max(a, b), bytes});
    redrawEdges();
    update();
    return true;
}

bool NewGraphJobDialog::connectSelected()
{
    std::vector<int> picked;
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        if (m_nodes[i]->isSelected())
            picked.push_back(int(i));
    if (picked.size() != 2) {
        m_status->setText(tr("Select exactly two workers to connect."));
        return false;
    }
    return connectWorkers(picked[0], picked[1], m_trafficGb->value() * 1e9);
}

void NewGraphJobDialog::redrawEdges()
{
    // Called from QGraphicsScene::changed as well: only move existing lines when the count
    // matches, so that the update does not feed itself.
    double maxBytes = 0.0;
    for (const auto& e : m_edges)
        maxBytes = std::max(maxBytes, e.bytes);
    if (m_lines.size() != m_edges.size()) {
        for (QGraphicsLineItem* l : m_lines)
            delete l;
        m_lines.clear();
        for (const auto& e : m_edges) {
            QPen pen(QColor(0x15, 0x65, 0xc0));
            pen.setWidthF(0.8 + 6.0 * (maxBytes > 0 ? e.bytes / maxBytes : 0.0));
            auto* line = m_scene->addLine(QLineF(), pen);
            line->setToolTip(
                tr("%1 - %2: %3 GB per iteration").arg(e.a).arg(e.b).arg(e.bytes / 1e9));
            m_lines.push_back(line);
        }
    }
    for (std::size_t i = 0; i < m_edges.size(); ++i) {
        const QLineF l(m_nodes[std::size_t(m_edges[i].a)]->pos(),
                       m_nodes[std::size_t(m_edges[i].b)]->pos());
        if (m_lines[i]->line() != l)
            m_lines[i]->setLine(l);
    }
}

Job NewGraphJobDialog::job() const
{
    Job j;
    j.id = m_id->text().trimmed();
    j.kind = JobKind::Graph;
    j.arrivalS = m_arrival->value();
    j.iterations = m_iterations->value();
    j.graph.workers = m_workers;
    j.graph.edges = m_edges;
    return j;
}

void NewGraphJobDialog::update()
{
    int total = 0;
    for (const Server& s : m_scenario.cluster.servers)
        total += s.gpus;
    m_problem.clear();
    if (m_workers.empty())
        m_problem = tr("add at least one worker");
    else if (int(m_workers.size()) > total)
        m_problem = tr("needs %1 GPUs but the cluster has %2").arg(m_workers.size()).arg(total);
    else if (m_id->text().trimmed().isEmpty())
        m_problem = tr("the job needs an id");
    m_status->setStyleSheet(m_problem.isEmpty() ? QString() : QStringLiteral("color: #c62828;"));
    m_status->setText(m_problem.isEmpty()
                          ? tr("%1 workers, %2 edges").arg(m_workers.size()).arg(m_edges.size())
                          : m_problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

} // namespace gantry::ui
