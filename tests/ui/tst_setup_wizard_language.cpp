// A setup wizard that is open when the language changes switches too: the page titles, buttons,
// form labels and table headers of the pages become Chinese (and English again), while what the
// user typed, the page shown and the page history stay. Offscreen, the real wizard and the real
// translations; the language is switched as the Language menu does (installTranslations).
#include "translations/translation_loader.h"
#include "ui/setup/setup_wizard.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTableWidget>
#include <QTest>

using namespace sn;

namespace {

QString formLabel(QWidget *field)
{
    for (QWidget *w = field->parentWidget(); w; w = w->parentWidget())
        for (QFormLayout *form : w->findChildren<QFormLayout *>())
            if (auto *label = qobject_cast<QLabel *>(form->labelForField(field)))
                return label->text();
    return {};
}

template <typename T> T *child(QWidget &parent, const char *name)
{
    T *found = parent.findChild<T *>(QString::fromLatin1(name));
    if (!found)
        qFatal("no %s", name);
    return found;
}

// As the Language menu does; Qt posts the LanguageChange to the top-level windows.
void switchTo(const QString &language)
{
    QVERIFY(installTranslations(language));
    QCoreApplication::processEvents();
}

} // namespace

class TestSetupWizardLanguage : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(installTranslations(QStringLiteral("en"))); }
    void cleanup() { QVERIFY(installTranslations(QStringLiteral("en"))); }

    void anOpenWizardSwitchesAndKeepsWhatWasTyped()
    {
        SetupWizardOptions options; // no state file: nothing read or written
        SetupWizard w(options);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.currentId(), int(SetupWizard::Start));
        auto *name = child<QLineEdit>(w, "clusterName");
        auto *importPath = child<QLineEdit>(w, "importPath");
        name->setText(QStringLiteral("gpu-lab"));
        child<QRadioButton>(w, "startImport")->setChecked(true);
        importPath->setText(QStringLiteral("/tmp/typed.yaml"));
        QCOMPARE(w.currentPage()->title(), QStringLiteral("Start"));

        QCOMPARE(w.button(QWizard::NextButton)->text(), QStringLiteral("&Next >"));
        switchTo(QStringLiteral("zh_CN"));
        QCOMPARE(w.windowTitle(), QString::fromUtf8("部署集群"));
        // QWizard's own buttons too, on the page shown (Qt's catalogue, qtbase_zh_CN.qm).
        QCOMPARE(w.button(QWizard::NextButton)->text(), QString::fromUtf8("下一步(&N) >"));
        QCOMPARE(w.button(QWizard::CancelButton)->text(), QString::fromUtf8("取消"));
        QCOMPARE(w.currentPage()->title(), QString::fromUtf8("开始"));
        QCOMPARE(child<QRadioButton>(w, "startNew")->text(), QString::fromUtf8("新建集群(&N)"));
        QCOMPARE(formLabel(name), QString::fromUtf8("集群名称(&N)："));
        // What was typed and chosen is still there.
        QCOMPARE(name->text(), QStringLiteral("gpu-lab"));
        QCOMPARE(importPath->text(), QStringLiteral("/tmp/typed.yaml"));
        QVERIFY(child<QRadioButton>(w, "startImport")->isChecked());
        QCOMPARE(w.currentId(), int(SetupWizard::Start));

        // On to the Nodes page in Chinese, add servers, and back to English there.
        child<QRadioButton>(w, "startNew")->setChecked(true);
        w.next();
        QCOMPARE(w.currentId(), int(SetupWizard::Nodes));
        QCOMPARE(w.currentPage()->title(), QString::fromUtf8("节点"));
        auto *paste = child<QPlainTextEdit>(w, "bulkPaste");
        paste->setPlainText(QStringLiteral("admin@10.0.0.11\nadmin@10.0.0.12"));
        child<QPushButton>(w, "addNodes")->click();
        auto *table = child<QTableWidget>(w, "nodes");
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->horizontalHeaderItem(0)->text(), QString::fromUtf8("地址"));
        QCOMPARE(child<QPushButton>(w, "addNodes")->text(), QString::fromUtf8("添加这些服务器(&A)"));
        paste->setPlainText(QStringLiteral("admin@10.0.0.13")); // typed, not added yet

        switchTo(QStringLiteral("en"));
        QCOMPARE(w.currentPage()->title(), QStringLiteral("Nodes"));
        QCOMPARE(w.button(QWizard::BackButton)->text(), QStringLiteral("< &Back"));
        QCOMPARE(w.button(QWizard::CancelButton)->text(), QStringLiteral("Cancel"));
        QCOMPARE(table->horizontalHeaderItem(0)->text(), QStringLiteral("Address"));
        QCOMPARE(child<QPushButton>(w, "addNodes")->text(), QStringLiteral("&Add these servers"));
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(1, 0)->text(), QStringLiteral("admin@10.0.0.12"));
        QCOMPARE(paste->toPlainText(), QStringLiteral("admin@10.0.0.13"));
        QCOMPARE(w.state().clusterName, QStringLiteral("gpu-lab"));
        // The history survives: Back returns to Start, in English, with the name typed.
        w.back();
        QCOMPARE(w.currentId(), int(SetupWizard::Start));
        QCOMPARE(w.currentPage()->title(), QStringLiteral("Start"));
        QCOMPARE(formLabel(name), QStringLiteral("Cluster &name:"));
        QCOMPARE(name->text(), QStringLiteral("gpu-lab"));
    }

    // Every page's title follows, not only the one shown.
    void everyPageSwitches()
    {
        SetupWizard w(SetupWizardOptions{});
        QStringList english;
        for (int id : w.pageIds())
            english << w.page(id)->title();
        switchTo(QStringLiteral("zh_CN"));
        for (int i = 0; i < w.pageIds().size(); ++i) {
            const QString zh = w.page(w.pageIds()[i])->title();
            QVERIFY2(!zh.isEmpty() && zh != english[i], qPrintable(english[i] + " -> " + zh));
        }
    }
};

QTEST_MAIN(TestSetupWizardLanguage)
#include "tst_setup_wizard_language.moc"
