// Input for translations_check_catches_problems: each string below is one kind of problem
// scripts/translations-check must report against fixture_zh_CN.ts (and one that is fine).
#include <QCoreApplication>

struct Fixture {
    Q_DECLARE_TR_FUNCTIONS(Fixture)
};

void fixtureStrings()
{
    Fixture::tr("Translated"); // finished: no problem
    Fixture::tr("New string"); // not in the .ts at all
    Fixture::tr("Unfinished"); // in the .ts, translation unfinished
    Fixture::tr("%1 of %2");   // translated without %2
    Fixture::tr("&Open");      // translated without its accelerator
    Fixture::tr("<b>%1</b>");  // translated without the tags
}
