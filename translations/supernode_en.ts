<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ReportText</name>
    <message>
        <source>MM-dd HH:mm</source>
        <comment>short date and time pattern of QDateTime::toString</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none in the range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — cluster report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2 · scope %3 · from %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated cluster: these figures come from a model of hardware, not real GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated cluster: figures come from a model of hardware.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cluster report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yyyy-MM-dd HH:mm &apos;UTC&apos;</source>
        <comment>date and time pattern of QDateTime::toString</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unspecified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thermal and power events, power-cap actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thermal and power events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 thermal events and %2 power-cap actions (the power-cap audit) in the range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies and their resolution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings and worse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 warnings or worse, %2 not acknowledged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log templates and failure signatures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 log lines (the newest the engine kept; older lines were dropped) in %2 templates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 log lines in %2 templates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top log templates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure signatures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Templates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology snapshot and link health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Links down or degraded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes, %2 switches, %3 links, %4 NICs (%5 down) when the report was made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Links by type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Down or degraded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommendations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computed from the data above; each names the numbers it rests on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>under-used GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle most of the range: give it to a queue with waiting jobs or power it down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean utilization %1, p95 %2 over %3 windows of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thermal hot spot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check airflow and fans; the power cap may be holding it back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max temperature %1 °C (threshold %2 °C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication-bound job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs on several nodes wait on each other: place it on fewer nodes or check the fabric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes, %2 GPUs, mean utilization while running %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queue at quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jobs wait on the queue&apos;s quota: raise its max or its guaranteed minimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 jobs pending for quota at the end of the range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>repeated hardware errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drain it and have the hardware checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 error events (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to recommend: no under-used GPU, hot spot, communication-bound job, queue at quota or repeated hardware error in the range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PENDING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RUNNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COMPLETED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CANCELLED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PREEMPTED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UNSPECIFIED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes, %2 GPUs over %3; utilization sampled every %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KPI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocation rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P95 utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P95 wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean completion time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P95 completion time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU energy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kWh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of allocated %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization while allocated %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization by queue, user and priority class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours each group&apos;s jobs held in the range, and how busy those GPUs were meanwhile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By queue (team)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By priority class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes: utilization, temperature and power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean GPU utilization by node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean GPU temperature by node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean GPU power by node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean utilization %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P95 utilization %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max temperature °C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean power W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Energy kWh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean temperature °C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs in the range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs by state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 jobs were submitted in or ran during the range.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
