#include "clustereditor.h"

#include "clusterscene.h"
#include "clusterview.h"
#include "document/projectdocument.h"
#include "gpupalette.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QSplitter>
#include <QToolBar>
#include <QVBoxLayout>

namespace gantry::ui {

ClusterEditor::ClusterEditor(ProjectDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document)
{
    m_scene = new ClusterScene(document, this);
    m_view = new ClusterView(m_scene);
    m_view->setObjectName(QStringLiteral("clusterView"));
    m_palette = new GpuPalette;
    m_palette->setObjectName(QStringLiteral("gpuPalette"));
    m_gpus = new QSpinBox;
    m_gpus->setObjectName(QStringLiteral("gpusPerServer"));
    m_gpus->setRange(1, 1024);
    m_gpus->setValue(8);
    m_gpus->setToolTip(tr("GPUs of a new server"));
    connect(m_gpus, &QSpinBox::valueChanged, m_scene, &ClusterScene::setGpusPerServer);

    auto* bar = new QToolBar;
    bar->setObjectName(QStringLiteral("clusterToolBar"));
    QAction* rack = bar->addAction(tr("Add rack"), this, &ClusterEditor::addRack);
    rack->setObjectName(QStringLiteral("addRackAction"));
    QAction* server = bar->addAction(tr("Add server"), this, &ClusterEditor::addServer);
    server->setObjectName(QStringLiteral("addServerAction"));
    server->setToolTip(tr("Add a server of the palette's GPU type (or drag a type onto a rack)"));
    bar->addWidget(new QLabel(tr(" GPUs ")));
    bar->addWidget(m_gpus);
    bar->addSeparator();
    bar->addAction(tr("Zoom in"), m_view, &ClusterView::zoomIn);
    bar->addAction(tr("Zoom out"), m_view, &ClusterView::zoomOut);
    bar->addAction(tr("Fit"), m_view, &ClusterView::zoomToFit);

    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("GPU catalogue")));
    sideLayout->addWidget(m_palette);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(side);
    split->addWidget(m_view);
    split->setStretchFactor(1, 1);
    split->setSizes({160, 800});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(bar);
    layout->addWidget(split, 1);
}

void ClusterEditor::addRack()
{
    m_document->addRack();
}

void ClusterEditor::addServer()
{
    const Selection& s = m_document->selection();
    const Cluster& c = m_document->current().cluster;
    int rack = int(c.racks.size()) - 1;
    if (s.kind == Selection::Kind::Rack && !s.indices.empty())
        rack = s.indices.front();
    else if (s.kind == Selection::Kind::Server && !s.indices.empty())
        rack = c.servers[std::size_t(s.indices.front())].rack;
    m_document->addServer(rack, m_palette->currentType(), m_gpus->value());
}

} // namespace gantry::ui
