#pragma once
// Finds text that does not fit where it is shown: a one-line QLabel narrower than its text, a
// button or check box narrower than its size hint, a group box narrower than its title, a header
// section narrower than its title. For the "clipped or overflowing text in both languages" test
// (tst_text_fits); a widget that is hidden, or elides on purpose, is not a finding.

#include <QStringList>

class QWidget;

namespace sn::test {

// One line per finding: "where: class 'text' needs N px, has M px".
QStringList textThatDoesNotFit(QWidget *root);

} // namespace sn::test
