#pragma once
// What of the queue the Jobs page shows, and in what order: a text filter (id, name, user,
// command, backend id, nodes it runs on), a state filter and a queue filter over JobTableModel,
// sorted by the model's SortRole (numbers as numbers; ids and names "job2" before "job10").

#include <QSortFilterProxyModel>

namespace sn {

class JobFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum StateFilter { AllStates, Active, Pending, Running, Finished };

    explicit JobFilterModel(QObject *parent = nullptr);

    void setText(const QString &text); // case-insensitive substring; empty: all
    void setStateFilter(StateFilter filter);
    void setQueue(const QString &queue); // exact; empty: all
    StateFilter stateFilter() const { return m_state; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_text, m_queue;
    StateFilter m_state = AllStates;
};

} // namespace sn
