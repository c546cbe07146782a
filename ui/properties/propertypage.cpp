#include "propertypage.h"

#include "document/fieldlabels.h"
#include "format/elidedcombobox.h"
#include "format/elidedlabel.h"
#include "format/elidedtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontMetrics>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace gantry::ui {

namespace {

// Widest word of a message under a field, in average characters.
constexpr int MessageWordChars = 20;

} // namespace

PropertyPage::PropertyPage(Selection::Kind kind, const QString& objectName)
    : m_kind(kind), m_widget(new QWidget)
{
    m_widget->setObjectName(objectName);
    auto* v = new QVBoxLayout(m_widget);
    v->setContentsMargins(0, 0, 0, 0);
    // The selected item's name may be of any length: the title elides it (whole in the tooltip).
    m_title = new ElidedLabel;
    m_title->setObjectName(QStringLiteral("pageTitle"));
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    v->addWidget(m_title);
    m_form = new QFormLayout;
    // In a narrow dock a field goes under its label rather than widening the dock.
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    v->addLayout(m_form);
    m_widget->hide();
}

void PropertyPage::setTitle(const QString& text)
{
    m_title->setText(text);
}

void PropertyPage::addField(const QString& key, QWidget* editor, const QString& label)
{
    editor->setObjectName(QStringLiteral("field_") + key);
    auto* box = new QWidget;
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(1);
    v->addWidget(editor);
    QLabel* error = newErrorLabel(key);
    v->addWidget(error);
    m_form->addRow(label, box);
    m_editors.insert(key, editor);
    m_errors.insert(key, error);
}

QLineEdit* PropertyPage::addLine(const QString& key, const QString& label)
{
    auto* edit = new QLineEdit;
    addField(key, edit, label);
    return edit;
}

QLabel* PropertyPage::newErrorLabel(const QString& key)
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

void PropertyPage::addDegrees(const QStringList& keys, const QFontMetrics& metrics)
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
        auto* edit = new QLineEdit;
        edit->setObjectName(QStringLiteral("field_") + key);
        edit->setToolTip(FieldLabels::of(key));
        edit->setMinimumWidth(metrics.horizontalAdvance(QStringLiteral("00000")) + 8);
        auto* name = new QLabel(key);
        name->setBuddy(edit);
        name->setToolTip(FieldLabels::of(key));
        grid->addWidget(name, row, column);
        grid->addWidget(edit, row, column + 1);
        grid->setColumnStretch(column + 1, 1);
        QLabel* error = newErrorLabel(key);
        grid->addWidget(error, row + 1 + int(i % PerRow), 0, 1, PerRow * 2);
        m_editors.insert(key, edit);
        m_errors.insert(key, error);
    }
    m_form->addRow(FieldLabels::of(QStringLiteral("parallelism")), box);
}

QComboBox* PropertyPage::addCombo(const QString& key, const QString& label)
{
    // As wide as the field column, not as the longest rack or model name: cut with an ellipsis,
    // whole in the list and the tooltip.
    auto* combo = new ElidedComboBox;
    combo->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    addField(key, combo, label);
    return combo;
}

QComboBox* PropertyPage::addChoice(const QString& key, const QStringList& names,
                                   const QStringList& shown, const QStringList& tips)
{
    QComboBox* combo = addCombo(key, FieldLabels::of(key));
    for (qsizetype i = 0; i < names.size(); ++i) {
        combo->addItem(shown.value(i, names[i]), names[i]); // the data is the file's name
        combo->setItemData(int(i), tips.value(i), Qt::ToolTipRole);
    }
    return combo;
}

QCheckBox* PropertyPage::addCheck(const QString& key, const QString& label)
{
    auto* check = new QCheckBox;
    addField(key, check, label);
    return check;
}

void PropertyPage::setText(QWidget* editor, const QString& text)
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

QString PropertyPage::number(double v)
{
    return QString::number(v, 'g', 12);
}

void PropertyPage::setRowVisible(const QString& key, bool visible)
{
    if (QWidget* e = m_editors.value(key))
        m_form->setRowVisible(e->parentWidget(), visible);
}

void PropertyPage::setRefusal(const QString& key, const QString& message)
{
    m_refusals.insert(key, message);
}

void PropertyPage::clearRefusal(const QString& key)
{
    m_refusals.remove(key);
}

void PropertyPage::clearRefusals()
{
    m_refusals.clear();
}

QString PropertyPage::fieldOf(const QString& key) const
{
    if (m_kind == Selection::Kind::Job && key == QLatin1String("parallelism"))
        return QStringLiteral("dp");
    if (m_errors.contains(key))
        return key;
    return m_kind == Selection::Kind::Job    ? QStringLiteral("id")
           : m_kind == Selection::Kind::None ? QStringLiteral("summary")
                                             : QStringLiteral("name");
}

void PropertyPage::showMessages(const QHash<QString, QStringList>& messages)
{
    m_shownErrors.clear();
    for (auto it = m_errors.begin(); it != m_errors.end(); ++it) {
        const QStringList m = messages.value(it.key());
        const QString whole = m.join(QLatin1Char('\n'));
        if (!m.isEmpty())
            m_shownErrors.insert(it.key(), whole);
        // A refused 300-digit value or a long name is one word that no wrapping breaks: it is
        // cut in its middle, the whole message is in the tooltip.
        QLabel* label = it.value();
        const QString shown =
            ElidedText::words(whole, label->fontMetrics(),
                              MessageWordChars * label->fontMetrics().averageCharWidth());
        label->setText(shown);
        label->setToolTip(shown != whole ? whole : QString());
        label->setVisible(!m.isEmpty());
        if (QWidget* e = m_editors.value(it.key()))
            e->setStyleSheet(m.isEmpty() ? QString()
                                         : QStringLiteral("border: 1px solid #c62828;"));
    }
}

} // namespace gantry::ui
