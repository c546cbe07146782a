#include "runpanel.h"

#include "format/elidedcombobox.h"
#include "mapping/placementregistry.h"
#include "policies/policyregistry.h"
#include "predict/predictorregistry.h"
#include "run/productdefaults.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace gantry::ui {

namespace {

// Selects text in combo if it is there; returns whether it was.
bool selectText(QComboBox* combo, const QString& text)
{
    const int i = combo->findText(text);
    if (i >= 0)
        combo->setCurrentIndex(i);
    return i >= 0;
}

} // namespace

RunPanel::RunPanel(QWidget* parent) : QWidget(parent)
{
    auto* panelLayout = new QVBoxLayout(this);

    panelLayout->addWidget(new QLabel(tr("Scenario")));
    // As wide as the dock, not as the longest name: cut with an ellipsis, whole in the list and
    // the tooltip (ElidedComboBox), as the other choices below.
    m_scenarioCombo = new ElidedComboBox;
    m_scenarioCombo->setObjectName(QStringLiteral("scenarioCombo"));
    m_scenarioCombo->setMinimumContentsLength(12);
    panelLayout->addWidget(m_scenarioCombo);
    connect(m_scenarioCombo, &QComboBox::activated, this, &RunPanel::scenarioActivated);

    panelLayout->addWidget(new QLabel(tr("Policies to compare")));
    m_policyList = new QListWidget;
    m_policyList->setObjectName(QStringLiteral("policyList"));
    const QStringList policies = PolicyRegistry::names();
    for (const QString& name : policies) {
        auto* item = new QListWidgetItem(name, m_policyList);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Checked);
        item->setToolTip(PolicyRegistry::description(name));
    }
    panelLayout->addWidget(m_policyList, 1);

    auto* form = new QFormLayout;
    m_placementCombo = new ElidedComboBox;
    m_placementCombo->setObjectName(QStringLiteral("placementCombo"));
    m_placementCombo->addItems(PlacementRegistry::names());
    selectText(m_placementCombo, ProductDefaults::runConfig().placement);
    form->addRow(tr("Placement"), m_placementCombo);

    auto* predictor = new ElidedComboBox;
    m_predictorCombo = predictor;
    m_predictorCombo->setObjectName(QStringLiteral("predictorCombo"));
    m_predictorCombo->addItems(PredictorRegistry::names());
    predictor->setEditable(true); // parameterised names such as noisy:0.5
    m_predictorCombo->setInsertPolicy(QComboBox::NoInsert);
    selectText(m_predictorCombo, ProductDefaults::runConfig().predictor);
    form->addRow(tr("Predictor"), m_predictorCombo);

    m_seedSpin = new QSpinBox;
    m_seedSpin->setObjectName(QStringLiteral("seedSpin"));
    m_seedSpin->setRange(0, std::numeric_limits<int>::max());
    form->addRow(tr("Seed"), m_seedSpin);

    m_contentionCombo = new ElidedComboBox;
    m_contentionCombo->setObjectName(QStringLiteral("contentionCombo"));
    m_contentionCombo->addItem(tr("as the scenario says"), QString());
    m_contentionCombo->addItem(QStringLiteral("none"), QStringLiteral("none"));
    m_contentionCombo->addItem(QStringLiteral("fair"), QStringLiteral("fair"));
    form->addRow(tr("Contention"), m_contentionCombo);
    panelLayout->addLayout(form);

    m_problemLabel = new QLabel;
    m_problemLabel->setObjectName(QStringLiteral("problemLabel"));
    m_problemLabel->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_problemLabel->setWordWrap(true);
    m_problemLabel->hide();
    panelLayout->addWidget(m_problemLabel);

    auto* buttons = new QHBoxLayout;
    m_runButton = new QPushButton(tr("Run"));
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_cancelButton);
    panelLayout->addLayout(buttons);

    m_progressBar = new QProgressBar;
    m_progressBar->setObjectName(QStringLiteral("progressBar"));
    m_progressBar->setRange(0, ProgressRange);
    setIdle(false, tr("Ready"));
    panelLayout->addWidget(m_progressBar);

    connect(m_runButton, &QPushButton::clicked, this, &RunPanel::runClicked);
    connect(m_cancelButton, &QPushButton::clicked, this, &RunPanel::cancelClicked);
}

void RunPanel::setCheckedPolicies(const QStringList& policies)
{
    for (int i = 0; i < m_policyList->count(); ++i) {
        QListWidgetItem* item = m_policyList->item(i);
        item->setCheckState(policies.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
    }
}

QStringList RunPanel::checkedPolicies() const
{
    QStringList names;
    for (int i = 0; i < m_policyList->count(); ++i) {
        const QListWidgetItem* item = m_policyList->item(i);
        if (item->checkState() == Qt::Checked)
            names << item->text();
    }
    return names;
}

bool RunPanel::setPlacementAndPredictor(const QString& placement, const QString& predictor)
{
    if (m_placementCombo->findText(placement) < 0 || predictor.trimmed().isEmpty())
        return false;
    selectText(m_placementCombo, placement);
    if (!selectText(m_predictorCombo, predictor))
        m_predictorCombo->setCurrentText(predictor);
    return true;
}

void RunPanel::setSeed(int seed)
{
    m_seedSpin->setValue(seed);
}

QList<RunConfig> RunPanel::runConfigs() const
{
    QList<RunConfig> configs;
    const QStringList policies = checkedPolicies();
    const QString contention = m_contentionCombo->currentData().toString();
    for (const QString& policy : policies) {
        RunConfig config;
        config.policy = policy;
        config.placement = m_placementCombo->currentText();
        config.predictor = m_predictorCombo->currentText().trimmed();
        config.seed = std::uint64_t(m_seedSpin->value());
        if (contention == QLatin1String("none"))
            config.contention = Contention::None;
        else if (contention == QLatin1String("fair"))
            config.contention = Contention::Fair;
        configs << config;
    }
    return configs;
}

void RunPanel::setScenarios(const QStringList& names, int current)
{
    const QSignalBlocker block(m_scenarioCombo);
    m_scenarioCombo->clear();
    m_scenarioCombo->addItems(names);
    for (int i = 0; i < int(names.size()); ++i)
        m_scenarioCombo->setItemData(i, names[i], Qt::ToolTipRole);
    m_scenarioCombo->setCurrentIndex(current);
    m_scenarioCombo->setToolTip(m_scenarioCombo->currentText());
}

void RunPanel::setStates(bool idle, bool canRun)
{
    m_scenarioCombo->setEnabled(idle);
    m_runButton->setEnabled(canRun);
    m_policyList->setEnabled(idle);
    m_placementCombo->setEnabled(idle);
    m_predictorCombo->setEnabled(idle);
    m_seedSpin->setEnabled(idle);
    m_contentionCombo->setEnabled(idle);
}

void RunPanel::setCancellable(bool cancellable)
{
    m_cancelButton->setEnabled(cancellable);
}

void RunPanel::setProblemCount(int problems)
{
    m_problemLabel->setVisible(problems > 0);
    m_problemLabel->setText(tr("%n problem(s) block the run (see Problems).", nullptr, problems));
}

void RunPanel::setProgress(double fraction)
{
    m_progressBar->setFormat(QStringLiteral("%p%"));
    m_progressBar->setValue(std::clamp(int(fraction * ProgressRange + 0.5), 0, int(ProgressRange)));
}

void RunPanel::setIdle(bool finished, const QString& state)
{
    m_progressBar->setValue(finished ? ProgressRange : 0);
    m_progressBar->setFormat(state);
}

} // namespace gantry::ui
