// ElidedComboBox (ui/format): a closed combo box too narrow for its current text shows it cut
// with an ellipsis and the whole text in its tooltip; wide enough, the text whole; editable, its
// line edit elides while it does not have the focus; its size hint stays short whatever the
// names' length. And the window's combo boxes of names are ElidedComboBoxes.
#include "format/elidedcombobox.h"
#include "format/elidedlineedit.h"
#include "mainwindow.h"
#include "results/resultspanel.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QTest>

using namespace gantry::ui;

namespace {

const QChar kEllipsis(0x2026);

const QString kRun = QStringLiteral("14. asrpt-gittins-prior \u00b7 graph \u00b7 rf-fast");

} // namespace

class TestElidedComboBox : public QObject
{
    Q_OBJECT

private slots:
    void elides_data();
    void elides();
    void sizeHintStaysShort();
    void windowCombosElide_data();
    void windowCombosElide();
};

void TestElidedComboBox::elides_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<bool>("editable");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("cut");

    QTest::newRow("narrow, end cut") << int(Qt::ElideRight) << false << 120 << true;
    QTest::newRow("narrow, middle cut") << int(Qt::ElideMiddle) << false << 120 << true;
    QTest::newRow("narrow, editable") << int(Qt::ElideRight) << true << 120 << true;
    QTest::newRow("wide") << int(Qt::ElideRight) << false << 900 << false;
    QTest::newRow("wide, editable") << int(Qt::ElideRight) << true << 900 << false;
}

void TestElidedComboBox::elides()
{
    QFETCH(int, mode);
    QFETCH(bool, editable);
    QFETCH(int, width);
    QFETCH(bool, cut);
    QWidget window;
    auto* layout = new QHBoxLayout(&window);
    auto* other = new QLineEdit; // takes the focus away from an editable combo box
    layout->addWidget(other);
    auto* combo = new ElidedComboBox(Qt::TextElideMode(mode));
    if (editable)
        combo->setEditable(true);
    combo->addItems({QStringLiteral("fifo"), kRun});
    combo->setCurrentIndex(1);
    layout->addWidget(combo);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    combo->setFixedWidth(width);
    other->setFocus();
    QCoreApplication::processEvents();

    QCOMPARE(combo->currentText(), kRun);
    QCOMPARE(combo->toolTip(), kRun);
    QCOMPARE(combo->isElided(), cut);
    const QString shown = combo->shownText();
    if (!cut) {
        QCOMPARE(shown, kRun);
        return;
    }
    QVERIFY2(shown.contains(kEllipsis), qPrintable(shown));
    if (mode == Qt::ElideRight) {
        QVERIFY2(shown.endsWith(kEllipsis), qPrintable(shown));
        QVERIFY(kRun.startsWith(shown.chopped(1)));
    } else {
        QVERIFY(shown.startsWith(kRun.left(2)) && shown.endsWith(kRun.right(2)));
    }
    QVERIFY(combo->fontMetrics().horizontalAdvance(shown) < combo->width());
    if (editable) {
        // With the focus the line edit holds the whole text to edit.
        combo->lineEdit()->setFocus();
        QCoreApplication::processEvents();
        QCOMPARE(combo->lineEdit()->text(), kRun);
        QVERIFY(qobject_cast<ElidedLineEdit*>(combo->lineEdit()));
    }
    // A new current item is its tooltip, even when chosen with signals blocked.
    {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(0);
    }
    combo->repaint();
    QCOMPARE(combo->toolTip(), QStringLiteral("fifo"));
}

void TestElidedComboBox::sizeHintStaysShort()
{
    ElidedComboBox combo;
    combo.addItem(QStringLiteral("fifo"));
    const QSize hint = combo.sizeHint();
    combo.addItem(QString(300, QLatin1Char('x')));
    combo.setCurrentIndex(1);
    QCOMPARE(combo.sizeHint(), hint); // a long name does not widen what holds the combo box
    QVERIFY(combo.minimumSizeHint().width() <= hint.width());
    // Room asked for a run's name; it may still shrink to a few characters.
    combo.setMinimumContentsLength(40);
    QVERIFY(combo.sizeHint().width() >= combo.fontMetrics().horizontalAdvance(kRun));
    QVERIFY(combo.minimumSizeHint().width() <= hint.width());
}

void TestElidedComboBox::windowCombosElide_data()
{
    QTest::addColumn<QString>("name");
    for (const char* n :
         {"scenarioCombo", "placementCombo", "predictorCombo", "contentionCombo", "runChooser"})
        QTest::newRow(n) << QString::fromLatin1(n);
}

void TestElidedComboBox::windowCombosElide()
{
    QFETCH(QString, name);
    MainWindow window;
    QVERIFY2(qobject_cast<ElidedComboBox*>(window.findChild<QComboBox*>(name)), qPrintable(name));
}

QTEST_MAIN(TestElidedComboBox)
#include "tst_elidedcombobox.moc"
