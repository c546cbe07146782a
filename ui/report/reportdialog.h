#pragma once

#include "report/reportbuilder.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace gantry::ui {

class ReportWorker;

/// File > Export report: the output file, page size (A4, Letter), baseline policy and whether
/// to add the prediction-sensitivity section (more runs, done by the worker too), then a
/// progress bar while a ReportWorker writes the PDF off the GUI thread. Cancel stops the
/// report (no file is left); closing the dialog while it runs cancels it too.
class ReportDialog : public QDialog
{
    Q_OBJECT

public:
    /// A dialog for the report of input (schedules may be empty: they are rebuilt).
    explicit ReportDialog(const ReportBuilder::Input& input, QWidget* parent = nullptr);
    ~ReportDialog() override;

    /// Says which runs the report covers and which it leaves out (shown above the settings).
    void setCoverage(const QString& text);
    /// The coverage text shown.
    QString coverage() const;
    /// The output file.
    QString path() const;
    /// Sets the output file.
    void setPath(const QString& path);
    /// The chosen page size.
    ReportBuilder::PageSize pageSize() const;
    /// Chooses the page size.
    void setPageSize(ReportBuilder::PageSize size);
    /// The chosen baseline policy.
    QString baseline() const;
    /// True when the report gets the prediction-sensitivity section.
    bool sensitivity() const;
    /// Asks for the prediction-sensitivity section or not.
    void setSensitivity(bool on);
    /// The worker that writes the report.
    ReportWorker* worker() const { return m_worker; }

public slots:
    /// Starts the report with the chosen settings (nothing happens while one runs).
    void exportReport();

signals:
    /// The report was written to path.
    void reportWritten(const QString& path, int pages);

protected:
    void reject() override;

private:
    void browse();
    void setBusy(bool busy);

    ReportBuilder::Input m_input;
    ReportWorker* m_worker = nullptr;
    QLineEdit* m_path = nullptr;
    QComboBox* m_pageSize = nullptr;
    QComboBox* m_baseline = nullptr;
    QCheckBox* m_sensitivity = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_coverage = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_export = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace gantry::ui
