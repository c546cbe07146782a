#include "traceimportdialog.h"

#include "io/import/traceimporterregistry.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace gantry::ui {

TraceImportDialog::TraceImportDialog(const QString& clusterOf, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Import trace"));
    m_format = new QComboBox;
    m_format->addItems(TraceImporterRegistry::formats());
    m_path = new QLineEdit;
    auto* browse = new QPushButton(tr("Browse..."));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Trace file"), QString(),
                                                       tr("Traces (*.csv *.json);;All files (*)"));
        if (!f.isEmpty())
            m_path->setText(f);
    });
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(browse);
    m_limit = new QSpinBox;
    m_limit->setRange(0, 10'000'000);
    m_limit->setSpecialValueText(tr("all jobs"));
    auto* note =
        new QLabel(!clusterOf.isEmpty() ? tr("Jobs land on the cluster of \"%1\".").arg(clusterOf)
                                        : tr("No cluster open: only formats that bring their "
                                             "own cluster can be imported."));
    note->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("Format"), m_format);
    form->addRow(tr("File"), fileRow);
    form->addRow(tr("Keep at most"), m_limit);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

QString TraceImportDialog::format() const
{
    return m_format->currentText();
}

QString TraceImportDialog::path() const
{
    return m_path->text().trimmed();
}

int TraceImportDialog::limit() const
{
    return m_limit->value();
}

} // namespace gantry::ui
