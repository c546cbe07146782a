#include "newmodeljobdialog.h"

#include "document/jobbuilder.h"
#include "io/modelzoo.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace gantry::ui {

NewModelJobDialog::NewModelJobDialog(const Scenario& scenario, QWidget* parent)
    : QDialog(parent), m_scenario(scenario)
{
    setWindowTitle(tr("New model job"));
    m_id = new QLineEdit(JobBuilder::freshJobId(scenario));
    m_id->setObjectName(QStringLiteral("jobId"));
    m_model = new QComboBox;
    m_model->setObjectName(QStringLiteral("modelCombo"));
    QStringList names;
    for (const ModelSpec& m : scenario.models)
        names << m.name;
    for (const ModelSpec& m : ModelZoo::builtin())
        if (!names.contains(m.name))
            names << m.name;
    m_model->addItems(names);
    auto spin = [](const char* name) {
        auto* s = new QSpinBox;
        s->setObjectName(QLatin1String(name));
        s->setRange(1, 65536);
        return s;
    };
    m_dp = spin("dpSpin");
    m_pp = spin("ppSpin");
    m_tp = spin("tpSpin");
    m_ep = spin("epSpin");
    m_iterations = new QDoubleSpinBox;
    m_iterations->setObjectName(QStringLiteral("iterationsSpin"));
    m_iterations->setRange(1, 1e9);
    m_iterations->setDecimals(0);
    m_iterations->setValue(1000);
    m_arrival = new QDoubleSpinBox;
    m_arrival->setObjectName(QStringLiteral("arrivalSpin"));
    m_arrival->setRange(0, 1e9);
    m_arrival->setDecimals(1);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("statusLabel"));
    m_status->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("Id"), m_id);
    form->addRow(tr("Model"), m_model);
    form->addRow(tr("Data parallel (dp)"), m_dp);
    form->addRow(tr("Pipeline stages (pp)"), m_pp);
    form->addRow(tr("Tensor parallel (tp)"), m_tp);
    form->addRow(tr("Expert parallel (ep)"), m_ep);
    form->addRow(tr("Iterations"), m_iterations);
    form->addRow(tr("Arrival (s)"), m_arrival);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);

    for (QSpinBox* s : {m_dp, m_pp, m_tp, m_ep})
        connect(s, &QSpinBox::valueChanged, this, &NewModelJobDialog::update);
    connect(m_model, &QComboBox::currentIndexChanged, this, &NewModelJobDialog::update);
    connect(m_id, &QLineEdit::textChanged, this, &NewModelJobDialog::update);
    update();
}

bool NewModelJobDialog::setModel(const QString& name)
{
    const int i = m_model->findText(name);
    if (i >= 0)
        m_model->setCurrentIndex(i);
    return i >= 0;
}

void NewModelJobDialog::setParallelism(int dp, int pp, int tp, int ep)
{
    m_dp->setValue(dp);
    m_pp->setValue(pp);
    m_tp->setValue(tp);
    m_ep->setValue(ep);
}

void NewModelJobDialog::setIterations(double iterations, double arrivalS)
{
    m_iterations->setValue(iterations);
    m_arrival->setValue(arrivalS);
}

Job NewModelJobDialog::job() const
{
    return JobBuilder::modelJob(m_scenario, m_id->text().trimmed(), m_model->currentText(),
                                {m_dp->value(), m_pp->value(), m_tp->value(), m_ep->value()},
                                m_iterations->value(), m_arrival->value());
}

void NewModelJobDialog::update()
{
    const Parallelism par{m_dp->value(), m_pp->value(), m_tp->value(), m_ep->value()};
    QString key;
    m_problem = JobBuilder::checkModelJob(m_scenario, m_model->currentText(), par, &key);
    if (m_problem.isEmpty() && m_id->text().trimmed().isEmpty())
        m_problem = tr("the job needs an id");
    if (m_problem.isEmpty()) {
        const Job j = job();
        m_status->setStyleSheet(QString());
        m_status->setText(tr("%1 GPUs, %2 GB per GPU, %3 traffic edges")
                              .arg(par.workers())
                              .arg(j.memoryPerGpuGb(), 0, 'f', 1)
                              .arg(j.graph.edges.size()));
    } else {
        m_status->setStyleSheet(QStringLiteral("color: #c62828;"));
        m_status->setText(key.isEmpty() ? m_problem : tr("%1: %2").arg(key, m_problem));
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

} // namespace gantry::ui
