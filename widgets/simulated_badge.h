#pragma once
// A pill that says "Simulated cluster": the house rule is that everything a simulation shows
// says so (../shared/DESIGN.md). Painted, not styled, so it follows the palette.

#include <QLabel>

namespace sn {

class SimulatedBadge : public QLabel {
    Q_OBJECT
public:
    explicit SimulatedBadge(QWidget *parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override; // LanguageChange: the words again

private:
    void retranslate();
};

} // namespace sn
