<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>QObject</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (down)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network</source>
        <translation type="unfinished"></translation>
    </message>
</context>
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
    <message>
        <source>Failure</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::ApplyPage</name>
    <message>
        <source>Review and apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This cluster.yaml will be written. Apply copies the agent (and on the first node supernoded with its certificates and tokens) with their systemd units to the servers, starts them and waits until each reports.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply to the servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write cluster.yaml &amp;to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Security page&apos;s listen address: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent answered (%1 bytes; hover for its reading)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every node runs the agent and has reported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: %1. The nodes already changed were rolled back; fix it and apply again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applying</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::ChecksPage</name>
    <message>
        <source>Checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Is each server ready for GPU jobs? Every check says what it found and, when it is not a pass, what to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go on anyway: I will fix the failures later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pass, %2 warn, %3 fail. You can go on with warnings; fix failures on the servers, then Back to Discover and &quot;Discover all again&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass</source>
        <comment>a check&apos;s result</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warn</source>
        <comment>a check&apos;s result</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fail</source>
        <comment>a check&apos;s result</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A check&apos;s name and what it found, in the detail under the list.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::ConnectionEditor</name>
    <message>
        <source>Add a connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lab cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Directly over gRPC/TLS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Through an SS&amp;H tunnel to the head node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reach it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Daemon &amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH &amp;login:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The port supernoded listens on at the head node&apos;s loopback (127.0.0.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Daemon &amp;port on the head node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ssh-agent, then ~/.ssh&apos;s keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;CA certificate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the system&apos;s roots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Token file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supernodectl tokens create&apos;s output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client certificate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only for mutual TLS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificate &amp;name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host dialled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name the daemon&apos;s certificate must carry, when it is not the host dialled (127.0.0.1 through SSH)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the paths are saved: the token and keys stay in their files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::ConnectionSwitcher</name>
    <message>
        <source>Unknown SSH host key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not in known_hosts yet. Its %2 key has the fingerprint

%3

Compare it with the one the server shows (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub). Accept it and record it in known_hosts?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated cluster (embedded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The simulated super node, in this console&apos;s own engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (command line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster this console shows (Connection menu)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Manage connections…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No saved connection is called %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1 (%2)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SSH host key of %1 (%2) was not accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (SSH tunnel: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::ConnectionsDialog</name>
    <message>
        <source>Connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>sn::ConsoleCommandLine</name>
    <message>
        <source>Show this help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the version and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster.yaml to run (default: the built-in simulated super node, 2 x 8 H100).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE.png and exit; works without a display.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The page to show: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds to run before the screenshot (default 3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the supernoded at URL (grpcs://HOST:PORT) instead of an embedded engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --connect: the bearer token, one line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --connect: the CA that signed the daemon&apos;s certificate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --connect: client certificate for mutual TLS.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --connect: the client certificate&apos;s key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The console&apos;s language (zh_CN, en); default: the one chosen in the Language menu, else the environment&apos;s (LANG).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the setup wizard alone: from server addresses to a running cluster (docs/setup-wizard.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SuperNode Console: set up, watch and run a GPU super node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supernode: %1
Run &apos;supernode --help&apos; for usage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supernode: unexpected argument &apos;%1&apos;
Run &apos;supernode --help&apos; for usage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supernode: unknown page &apos;%1&apos;; the pages are: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supernode: --after needs a number of seconds between 0 and 3600, got &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supernode: no display found. Run headless with QT_QPA_PLATFORM=offscreen supernode --screenshot overview.png --after 3, or start it from a desktop session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supernode: could not write the screenshot to &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot: picture this dialog instead of the window (submit: the job submitter with the multi-node template; connection: the connection editor).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supernode: --dialog takes &apos;submit&apos; or &apos;connection&apos;, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::ConsolePages</name>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logs &amp; anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setup</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::DiscoverPage</name>
    <message>
        <source>Discover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading each server&apos;s GPUs, driver, NVLink, CPUs, memory, disks, network and clock, on all servers at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Retry failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discover &amp;all again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Drop selected node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1x %2, driver %3, CUDA %4; %5 of %6 tools answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>discovering ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discovering %1 nodes ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes failed: retry them, or drop them from the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All %1 nodes discovered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::DonePage</name>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster is configured and its nodes report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect the console to the new cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster &quot;%1&quot; is configured: %2 nodes run the agent, the first also supernoded; cluster.yaml is in %3.

The console reaches it at %4 with the CA %5 and the admin token %6. Later, from a terminal:

supernode --connect %4 --ca %5 --token-file %6%7</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::EngineMessage</name>
    <message>
        <source>cannot read cluster file %1: no such file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read cluster file %1: it is a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read cluster file %1: it is larger than 16 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read cluster file %1: permission denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read cluster file %1: read error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid YAML: unexpected %1 (expected a &apos;key: value&apos; line or a &apos;- &apos; entry)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid YAML: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is empty: expected a cluster starting with &apos;apiVersion: %1&apos; and &apos;kind: Cluster&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the cluster has no nodes and no simulation section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; %2 (did you mean &apos;%3&apos;? expected one of: %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; %2 (expected one of: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate key &apos;%1&apos; %2 (first at line %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate %1 %2 (first at line %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is missing required key &apos;%2&apos; (expected e.g. %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keys %1 must be plain names, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects a map, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects a string, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects true or false, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects a speed like 100G, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects a speed above 0 like 100G, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects a byte quantity like 512Gi, 80G or 1024, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects a duration like 500ms, 15s, 1h30m or 15d, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects a sequence, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects one of %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expects %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, got %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;apiVersion&apos; must be %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;kind&apos; must be Cluster, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lists %2 GPUs; a node holds at most 16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer of at least %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine daemon is unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine daemon did not answer in time: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine daemon is overloaded or the request too large: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the call was cancelled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>internal error in the engine daemon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the remote engine was closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed to connect to all addresses; last error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--remote &apos;%1&apos;: expected grpcs://HOST:PORT (or grpc://HOST:PORT without TLS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--remote &apos;%1&apos;: port 0 is not a daemon&apos;s port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--token-file %1: expected one line holding the token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--ca goes with grpcs://, not grpc://</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--client-cert and --client-key go together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not authenticated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the authorization header must be &apos;Bearer TOKEN&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token is not known to this daemon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs the role %2; &apos;%3&apos; is %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rate limit: more than %1 calls per second from &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH: no host to connect to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH: %1 accepted none of the keys offered (%2); add your public key to the node&apos;s authorized_keys or load it into ssh-agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host key of %1 is not known (%2 %3 is not in %4); refusing to connect. Check the fingerprint with the host&apos;s administrator, then accept it (ssh once from a terminal, or accept that fingerprint where this tool asks).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARNING: the host key of %1 has CHANGED (now %2 %3). Someone could be eavesdropping (a man-in-the-middle attack), or the host was reinstalled. The old key is at %4; refusing to connect. If the change is expected, remove that line (ssh-keygen -R &apos;%5&apos;) and connect again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot check the host key of %1 against %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this daemon needs a token: send &apos;authorization: Bearer TOKEN&apos; (supernodectl --token-file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at the top level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting behind the first %1 pending jobs (not considered this cycle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waits for the next scheduling cycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requeued from its last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resumes from its last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for job %1 to end successfully</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for job %1 to end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dependency never satisfied: job %1 ended failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dependency never satisfied: job %1 ended cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queue %1 is at its max of %2 GPUs (%3 in use)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queue %1 is at its memory limit of %2 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>behind job %1 (first in, first out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for %1 CPUs on one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for a %1/1000 share of one GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for a %1/1000 share of one %2 GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for 1 GPU on one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for 1 GPU %1 on one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for %1 GPUs on one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for %1 GPUs %2 on one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for %1 GPUs on one NVSwitch node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for %1 GPUs %2 on one NVSwitch node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest free block is 1 GPU on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest free block is %1 GPUs on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for %1 GPUs across nodes, all at once (gang)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for %1 GPUs %2 across nodes, all at once (gang)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resources reserved for it from +%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it would delay the reservation of job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preempted for job %1 (higher priority)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preempted for job %1 (queue %2 reclaims its guarantee)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the next placement pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requeued: the engine restarted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted by a hardware fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requeued on request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the declared model does not fit on %1 x %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs %1 per GPU but %2 has %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest part is parameters (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest part is gradients (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest part is optimizer states (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest part is activations (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest part is KV cache (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nearest configuration that fits: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no configuration of %1 GPUs fits: it needs at least %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no configuration of %1 GPUs fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 spans nodes (%2 GPUs per node): tensor-parallel traffic crosses the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU counts must not be negative (min %1, max %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpus min (%1) is above max (%2); ask for min &lt;= max, or the same number twice for an exact count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpuMilli must be in 1..1000 (a share of one GPU), got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a GPU share (gpuMilli %1) is for one GPU, but it asks for %2; share one GPU or ask for whole GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs must not be negative, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated runtime and checkpoint interval must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks for %1 GPUs; the cluster has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks for %1 GPUs without gang; the largest node has %2 (set gang to spread it over nodes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no node has any of the GPU models it asks for; the cluster has %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks for %1 GPUs of the models it names; the cluster has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks for %1 CPUs; the largest node has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks for %1 CPUs; the cluster has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks for %1 GiB of memory; the largest node has %2 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks for %1 GiB of memory; the cluster has %2 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown priority class %1; the policy has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown queue %1; the queues are %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks for %1 GPUs; queue %2 may use at most %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks for %1 GiB of memory; queue %2 allows %3 GiB per job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>depends on unknown job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH: cannot connect (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH: authentication with %1 failed (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH: cannot open a channel to run %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH: cannot run %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: port &apos;%2&apos; is not a number from 1 to 65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: empty user before &apos;@&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: &apos;[&apos; without &apos;]&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: expected &apos;:PORT&apos; after &apos;]&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: no host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: user and host may not hold spaces, quotes, slashes or control characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm refused the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Slurm job id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes refused the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes (kubectl, %1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes API server unreachable (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a Job named %1 already exists in namespace %2 (kubectl apply: %3); give the job another name or delete the old one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubectl apply did not report the Job %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Kubernetes job id (namespace/name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no job with id %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no job with id &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1 has already ended (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1 has already ended (%2): submit it again to run it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1 is waiting in the queue already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no event with id %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job backend &apos;%1&apos; is not configured for this cluster (cluster.yaml jobBackends)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job backend &apos;%1&apos; is not configured for this cluster (cluster.yaml jobBackends); known: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine runs in real time; only a virtual-time engine can be advanced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot advance time by a negative amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot advance time by more than 30 days (%1 ms) in one call; advance in steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown fault kind %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine stopped before it answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: Slurm reports an error %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: Slurm reports an error: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slurmrestd %1: HTTP %2 (is the token valid for user &apos;%3&apos;?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slurmrestd %1: HTTP %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slurmrestd has no requeue (jobBackends.slurm.via: cli has, through scontrol): cancel job %1 and submit it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no way to reach this node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out: discovery took longer than %1 s on this node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copying %1 files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>`%1` exited %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>did not report within %1 s (%2: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (its changes were undone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rollback incomplete on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rolled back after %1 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU count must be at least 1, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node count must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs cannot be split evenly over %2 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs is more than the planner handles (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor and pipeline parallel degrees must be at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP x PP = %1 x %2 needs more than the %3 GPUs asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs are not divisible by TP x PP = %2 x %3 = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence length must be 1 to %1 tokens, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU must be in (0, 1], not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>framework reserve must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC count and speed must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch must be 1 to %1, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output tokens must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no FP8 math; FP8 needs one of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage must be 0, 1, 2 or 3 (FSDP full shard is 3), not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batch must be 1 to %1, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient accumulation steps must be 1 to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training tokens must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overlap must be in [0, 1], not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient compression ratio must be in (0, 1] and top-k in [0, 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no BF16 math (it predates Ampere); use --precision fp16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no FP8 math; FP8 training needs one of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers must be at most %1 and hidden size, heads and head size at most %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 does not divide the %2 attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 exceeds the model&apos;s %2 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model parameters must be a positive number (e.g. 13e9), not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers, hidden, heads, kv heads and head size must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hidden size %1 is not a multiple of the %2 attention heads; give --head-dim or fix --hidden/--heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention heads (%1) must be a multiple of the KV heads (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown GPU model &apos;%1&apos;; known models: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is not one of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compression &apos;%1&apos; is not one of none, fp8, ratio:R, topk:F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kv cache &apos;int4&apos; is not supported; use bf16, fp16, fp8 or int8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cluster has no GPUs; name a GPU model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declared model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the report range is empty: --to must be after --from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the range to simulate is empty: --to must be after --from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scope &apos;%1&apos;: expected cluster, node:NAME, queue:NAME or job:ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scope %1: the snapshot holds only scope %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>range: the end (%1) is not after the start (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>range %1 to %2 is not inside the snapshot&apos;s, %3 to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing a PDF needs a QGuiApplication (run with QT_QPA_PLATFORM=offscreen)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::EventDetails</name>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>since %1, ongoing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 saw %2 = %3 (band %4 to %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, peak %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>template %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resolved by %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>acknowledged by %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action taken: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, band %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::EventTableModel</name>
    <message>
        <source>cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resolved by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the engine saw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::EventText</name>
    <message>
        <source>GPU %1 on %2 is throttling at %3 C (slowdown %4 C): check its cooling, or cap its power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Xid 48 (uncorrectable ECC error) on GPU %1 on %2: its job was killed; reset the GPU before reuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Xid 79 on GPU %1 on %2: the GPU has fallen off the bus; drain the node and power-cycle it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink down on GPU %1 on %2 (Xid 74): collectives fall back to PCIe and slow down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Xid 92 (high single-bit ECC error rate) on GPU %1 on %2: the memory still corrects them; plan to drain and reset the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1 is not responding; its jobs were requeued from their last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link down on %1 %2: RDMA traffic stalls until it returns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated fault injected: %1 on GPU %2 on %3 for %4 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated fault injected: %1 on %2 for %3 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 outside its normal band [%3, %4] (%5 detector; worst %6, score %7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (by %2 through %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU at %1 °C: lowering its power limit %2 W -&gt; %3 W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU cool at %1 °C: raising its power limit %2 W -&gt; %3 W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run, not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 power-capped GPU %2 to %3 W (was %4 W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 raised GPU %2&apos;s power limit to %3 W (was %4 W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: would have had %1 power-cap GPU %2 to %3 W (was %4 W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: would have had %1 raise GPU %2&apos;s power limit to %3 W (was %4 W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration version %1 applied: %2 nodes, %3 GPUs, telemetry from %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 unexplained by power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (by %2 through %3): failed: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not power-cap GPU %2 to %3 W: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not raise the power limit of GPU %2 to %3 W: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 hardware changed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New kind of log line from %1 (%2), template %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log template %1 from %2 at %3 lines in %4 s, usually about %5: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 error lines from %2 within %3 s; the latest (%4): %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No telemetry: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1 again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 registered by its agent: %2 GPUs, %3 NVSwitches, %4 NICs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 registered by its agent: %2 GPUs, %3 NVSwitches, %4 NICs (not in cluster.yaml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cpu_cores %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU%1 gone (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU%1 added (%2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU%1 uuid %2 -&gt; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU%1 model %2 -&gt; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU%1 memory %2 -&gt; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU%1 bus id %2 -&gt; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVSwitches %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC %1 gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC %1 added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NIC %1 %2 -&gt; %3 Gb/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job backends not started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thermal protection runs as a dry run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <extracomment>Between the items of a list of hardware changes.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thermal protection cannot cap GPU %1 on %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at idle</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::FreshnessLabel</name>
    <message>
        <source>Time since the engine last sent new numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for data…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no update for %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated just now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated %1 s ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing new has arrived from the engine for more than %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::GpuChartText</name>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SM clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe transmit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe receive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink transmit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink receive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 5 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 15 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 6 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1 started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1 ended</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::GpuHeatStrip</name>
    <message>
        <source>no reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 · GPU %2&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node down: its server does not answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data: nothing heard from this GPU for a while</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faulted: not usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>30 °C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>90 °C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>faulted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for GPU telemetry…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::GpusPage</name>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the window on the newest data as it arrives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>← All GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not reported by this GPU in this range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine did not answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The end of the range must come after its start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click for all metrics of %1 GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing %1 of %2 GPUs. Pick a node to see the others.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · GPU %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2 · %3 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to show every GPU again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ✕</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::JobDetails</name>
    <message>
        <source>Submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (after %2 waiting)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ran for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of one GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, all at once (gang)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> over %1 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected run time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backend job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backend state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backend nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read its logs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No log lines from this job yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
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
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queue %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>priority %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scheduler has not said why yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(number %1 in the scheduling order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it waits:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPUs held.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent log lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Times preempted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Times requeued after faults</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::JobPreviewPanel</name>
    <message>
        <source>embedded (this engine&apos;s scheduler)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2), sent to: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::JobSubmitDialog</name>
    <message>
        <source>Submit job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model will not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>

Submit anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no template)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thousandths of one GPU; below 1000 shares a GPU (MIG, MPS, time-slicing).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any (the cluster&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-or-nothing across nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes the GPUs are spread over evenly (Slurm --nodes, Kubernetes pods).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cluster&apos;s (jobBackends.kubernetes.image)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preprocessing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs (min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs (max)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU share (milli)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory per GPU (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gang</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated runtime (min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint interval (min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Declared model (checked by the planner)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> B parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refuse the job if it cannot fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch / batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Single-GPU notebook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>8-GPU training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-node gang training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data preprocessing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the job a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say which user runs the job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs (min) must not exceed GPUs (max).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A GPU share below 1000 milli is for single-GPU jobs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment line %1 is not KEY=value: &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Declare the model to see whether it fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine refused the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KEY=value, one per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch options (Slurm, Kubernetes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the backend&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the partition&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard wall-clock limit in minutes (sbatch --time); the job is stopped there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>afterok:&lt;job id&gt;, singleton, ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start only after these (sbatch --dependency), separated by commas or spaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>may be requeued after preemption or node failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the submitting user&apos;s home</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time limit (min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tasks per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dependencies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requeue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working directory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::JobTableModel</name>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preempted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position</source>
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
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::JobsPage</name>
    <message>
        <source>&lt;b&gt;Job queue&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit job…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot list jobs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 running, %2 pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>submit jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the job submitter: a spec, its plan and what the backend would be sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter: ID, name, user, command or node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending or running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All queues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resubmit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancel jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a job to cancel it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job has ended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the job and release its GPUs (Delete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a job to submit it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the submitter filled in with this job&apos;s spec, to submit it again as it was or changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job holds no GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submitted job %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resubmit job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a job to see its timeline, placement and logs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 is no longer in the queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel job %1 (%2)? It has not started yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled job %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot cancel job %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 of %2 shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel job %1 (%2)? It is running on %3; work since its last checkpoint is lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requeue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requeue jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a running job to requeue it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a running job can be requeued; an ended one can be resubmitted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the job and put it back in the queue under the same id; it restarts from its last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its GPUs highlighted on the Topology page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requeue job %1 (%2)? It stops on %3 and waits in the queue again under the same id; work since its last checkpoint is lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requeued job %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot requeue job %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its GPU&apos;s charts over the job&apos;s run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its GPUs&apos; charts side by side over the job&apos;s run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::LanguageMenu</name>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System language</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::LocalEngine</name>
    <message>
        <source>embedded, virtual time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::LogTableModel</name>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::LogTemplateTableModel</name>
    <message>
        <source>%1
template %2 · %3 lines since the engine learnt it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lines per %1 s, oldest left; newest bucket: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(template %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
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
        <source>Rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::LogTemplatesPanel</name>
    <message>
        <source>Click a template to show only its lines in the live log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search templates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine did not answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 templates (the busiest; more exist)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 templates</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::LogsPage</name>
    <message>
        <source>Logs &amp; anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning and worse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error and worse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark the selected anomaly as seen; it stays in the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the selected anomaly: it was dealt with (acknowledges it too)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected anomaly&apos;s GPU on the GPUs page, around its time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Anomalies and events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Templates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search text (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop adding new lines while you read; they wait and are added on resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine did not answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2 ✕</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only lines from two minutes before the anomaly to two minutes after it; click to show all times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template %1 ✕</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to show every template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Click to show every template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not acknowledged: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not resolved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your role may not change events: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No events yet — nothing needs attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 open · %2 shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 lines · %3 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>acknowledge or resolve anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click for the GPU&apos;s charts on the GPUs page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A line&apos;s level: its GPU failure signature&apos;s, else the level it writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 5 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 15 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up to the newest line; the window moves on as lines come</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 GPU %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No chart: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No samples around this time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::MainWindow</name>
    <message>
        <source>SuperNode Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Set up a cluster...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the engine runs that this console shows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: %1 · connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconnected to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: %1 — disconnected, reconnecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost the engine at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (simulated) — SuperNode Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — SuperNode Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated super node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>telemetry from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>telemetry from %1 (%2 of %3 sources not answering)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: %1 — error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine did not answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New cluster %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role: …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking the engine who this console is to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role: unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine did not say who this console is: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This console&apos;s token names %1, role %2 (engine version %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody is asked for a token here: this console is %1, role %2 (engine version %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1&apos;s GPUs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::MetricChart</name>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2
%3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::NcclAdvice</name>
    <message>
        <source>the %1 RDMA NIC(s) of this node by exact name (&apos;=&apos;: mlx5_1 must not also match mlx5_10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 RDMA NIC(s) of this node by exact name (&apos;=&apos;: mlx5_1 must not also match mlx5_10); left out because their port is down: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoCE: the GID of the RoCE v2 IPv4 address on every NIC (routable, and what PFC/ECN QoS is set up for); older NCCL otherwise uses GID 0, RoCE v1 link-local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoCE NICs put their RoCE v2 IPv4 GID at different indices; NCCL_IB_GID_INDEX takes one. Set NCCL_IB_ROCE_VERSION_NUM=2 and NCCL_IB_ADDR_FAMILY=AF_INET (NCCL 2.21+) instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoCE GID index unknown for %1: run `ibv_devinfo -v` on the node (discovery reads it) to choose NCCL_IB_GID_INDEX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bootstrap (and the socket transport) on %1; unset, NCCL may take docker0, a bridge or a link-local port and hang connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no Ethernet interface known for NCCL_SOCKET_IFNAME: run `ip -j link` (discovery reads it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no RDMA NIC on this node: across nodes NCCL runs over sockets; disabling IB skips the verbs probe and makes the choice explicit in the logs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every GPU has an RDMA NIC behind a shared PCIe switch: GPUDirect RDMA goes NIC-GPU without the CPU (NCCL&apos;s default level, stated so a driver update that misreads the topology cannot quietly turn it off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reach their nearest NIC only through the CPU (%2): GPUDirect RDMA through the root complex is usually slower than staging in host memory, so keep it to GPUs that share a switch with a NIC (do not raise it to PHB/SYS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the PCIe path from some GPUs to the NICs is unknown (no `nvidia-smi topo -m`), so NCCL_NET_GDR_LEVEL is not recommended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVSwitch with in-switch reduction (NVLink %1): 1 GiB all-reduce busbw %2 GB/s with NVLS vs %3 GB/s by ring (cost model); needs the fabric manager and NCCL 2.17+</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rail-optimised wiring: NIC k of every node is on the leaf of rail k, so rings that keep each channel on the same rail on both nodes never cross the spine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># note: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::NetworkPage</name>
    <message>
        <source>Network and topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the GPUs and NICs are joined, as discovered, and the NCCL settings that follow from it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># single point of failure: no RDMA NIC; inter-node traffic shares the one Ethernet path
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># single point of failure: one RDMA NIC; losing it cuts the node off the fabric
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># rail alignment: %1 NICs for %2 GPUs; one NIC per GPU keeps each rail on its own leaf
</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::NodesPage</name>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU servers, one per line as user@host or user@host:port. They are reached over SSH with ssh-agent or a key file; passwords are not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>admin@10.0.0.11
admin@10.0.0.12
...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add these servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;move selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key file (empty: ssh-agent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;ccept host key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;ject host key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v of %m tested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not tested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing %1 connections ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 servers reachable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bad address: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown host key %1 %2: compare it with the server&apos;s (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub) and accept or reject it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host key %1 rejected: this server is not used</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::OverviewKpis</name>
    <message>
        <source>GPUs busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean GPU utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max GPU utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max GPU temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faulted GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>average over all GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busiest GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hottest GPU: throttling range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hottest GPU: running hot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hottest GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of %1 %2 (%3 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on %1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting in the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not yet acknowledged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to look at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of %1 — %2 down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not usable until reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all GPUs usable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::OverviewPage</name>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs by node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes · %2 GPUs · simulated, engine time %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes · %2 GPUs · engine time %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::PlanPanel</name>
    <message>
        <source>Declare the model to see whether it fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits: %1 per GPU of %2 on %3 x %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will not fit: %1 per GPU of %2 on %3 x %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserve %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest micro-batch that fits: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 ms · communication %2% (%3% without overlap) · %4 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms per token · %2 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot plan this job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planner</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::PlanText</name>
    <message>
        <source>model shape: %1 layers, hidden %2, %3 heads (%4 KV), head size %5, from %6 for %7 parameters (give --layers/--hidden/--heads to override)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs: %1 x %2 (%3), %4 node(s) x %5; %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topology: assumed for %1: %2 at %3 GB/s per GPU, %4 NIC(s) of %5 GB/s per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topology: the cluster&apos;s links: %1 at %2 GB/s per GPU, %3 NIC(s) of %4 GB/s per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configuration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest micro-batch that fits: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest batch that fits: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights: %1 parameters / (TP %2 x PP %3) x %4 bytes (%5) = %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache: 2 x batch %1 x context %2 x %3 layers / PP %4 x ceil(%5 KV heads / TP %6) x head size %7 x %8 bytes = %9 (Llama-style GQA shares KV heads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model states (ZeRO paper, Rajbhandari et al. SC&apos;20): psi = %1 parameters / (TP %2 x PP %3) = %4 per GPU, DP = %5, ZeRO stage %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters: psi x %1 bytes (%2) / DP = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters: psi x %1 bytes (%2) = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients: psi x %1 bytes / DP = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients: psi x %1 bytes = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states: psi x K = %1 bytes (%2, with FP32 master weights) / DP = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states: psi x K = %1 bytes (%2, with FP32 master weights) = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states: psi x K = %1 bytes (%2) / DP = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states: psi x K = %1 bytes (%2) = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations (Korthikanti et al. 2022, sec. 4): per layer s·b·h·(%1) x %2/2 bytes with %3, checkpointing %4; x ceil(%5 layers / PP %6) = %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations (Korthikanti et al. 2022, sec. 4): per layer s·b·h·(%1) x %2/2 bytes with %3, checkpointing %4; x ceil(%5 layers / PP %6) x micro-batches in flight (1F1B keeps up to PP) = %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>framework reserve: %1 (CUDA context, NCCL buffers, allocator fragmentation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total per GPU: %1 of %2 on %3 -&gt; fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total per GPU: %1 of %2 on %3 -&gt; does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens per step: micro-batch %1 x %2 micro-batches x DP %3 x sequence %4 = %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute: 6 x P x tokens = %1 FLOPs / (%2 GPUs x %3 TFLOPS %4 dense peak x MFU %5) = %6 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute: 8 (6, plus a recomputed forward) x P x tokens = %1 FLOPs / (%2 GPUs x %3 TFLOPS %4 dense peak x MFU %5) = %6 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline bubble (1F1B): compute x (PP %1 - 1) / %2 micro-batches = %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor parallel: %1 all-reduces x %2 layers x %3 micro-batches of %4 bytes over TP %5 (%6, %7 us each) = %8 ms, not overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline sends: 2 x %1 micro-batches x %2 bytes over the NIC at %3 GB/s = %4 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline sends: 2 x %1 micro-batches x %2 bytes over NVLink at %3 GB/s = %4 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data parallel: %1 of %2 gradient bytes per GPU over DP %3 (%4 node(s) x %5 GPUs, %6 NIC(s) of %7 GB/s each per node) = %8 ms per step (comms cost model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step without overlap: compute + bubble + TP + PP + DP = %1 ms, communication %2%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step with overlap: DP exchange hidden behind up to %1% of the backward pass (%2 ms) = %3 ms, communication %4%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with gradient compression %1: DP %2 ms -&gt; step %3 ms, communication %4%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job: %1 tokens / %2 per step = %3 steps x %4 ms = %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill: 2 x P x batch %1 x context %2 = %3 FLOPs / (%4 GPUs x %5 TFLOPS x MFU %6) = %7 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode: max(read %1 of weights + KV at %2 GB/s = %3 ms, math %4 ms) x PP %5 + TP all-reduces %6 ms = %7 ms per token for the batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generation: batch %1 / %2 ms x %3 replica(s) = %4 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one request: prefill %1 ms + %2 tokens x %3 ms = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 · PP %2 · DP %3 · ZeRO %4 · checkpointing %5 · micro-batch %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 · PP %2 · %3 replica(s) · weights %4 · batch %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpointing %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights %1 -&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>assumed from the GPU model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <comment>between two changes</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::PolicyPage</name>
    <message>
        <source>Scheduling policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority classes and queues with their GPU quotas. The usual starting point is filled in; change it now or later in cluster.yaml.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value (higher wins)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs guaranteed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedded scheduler (this engine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm (sbatch --gres=gpu:N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes (nvidia.com/gpu, PriorityClass, ResourceQuota)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Priority classes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Queues:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Jobs run by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority class row %1: a name and a whole number are needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue row %1: a name, GPUs guaranteed &lt;= GPUs at most, and a memory limit like 512Gi.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::ProfilePage</name>
    <message>
        <source>Hardware profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What each server has, against the reference configurations, and where the servers differ from each other.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closest reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every node alike</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::ReportExport</name>
    <message>
        <source>no engine to gather from: choose a snapshot file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::ReportsPage</name>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization by queue, user, class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thermal and power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log templates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommendations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The local copy is what this console saved of the cluster, for reports while the engine is out of reach.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (a folder of tables)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview the report to see its tables here; the exported PDF and HTML also have the charts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the engine&apos;s clock: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local copy (saved %1 UTC, %2 to %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine is connected again; choose Live cluster for its current data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine is disconnected: reports are made from the local copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine is disconnected and there is no local copy yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one section.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the job&apos;s ID for the One job scope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building the preview…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for the CSV tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::RoleGate</name>
    <message>
        <source>viewer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>admin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your role (%1) may not %2: that needs %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::SavedConnection</name>
    <message>
        <source>%1: no such file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a readable file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the connection a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another connection is called %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The daemon&apos;s port is 1 to 65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The daemon&apos;s address, as grpcs://HOST:PORT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file with the token (supernodectl tokens create)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mutual TLS needs both the client certificate and its key</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::SecurityPage</name>
    <message>
        <source>Security</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supernoded only accepts TLS with a token. Create the certificate authority, the server and client certificates, and the first admin token; say who may connect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head.example.com, 10.0.0.1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The names and addresses the console uses to reach the head node; the server certificate is made for them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0.0.0.0:7443 takes connections on every interface; give one address to limit it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clients must also show a certificate signed by this CA (&amp;mutual TLS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Create CA, certificates and admin token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificate &amp;directory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head node &amp;names (certificate):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supernoded &amp;listens on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificates exist in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not create the certificates: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificates made, but the admin token failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created in %1: ca.pem, server.pem/.key (for %2), client.pem/.key, tokens, admin.token.

The first admin token (the console&apos;s copy is admin.token, readable by you alone; supernoded keeps only its hash):
%3

supernoded will listen on %4 with TLS and take a connection only with a token%5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and a client certificate signed by this CA (client.pem)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::SetupCheck</name>
    <message>
        <source>NVIDIA driver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA and driver compatibility</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECC memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Persistence mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory row remaps and retired pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle temperature and power limits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network link speed and MTU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoCE lossless settings (PFC/ECN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUDirect RDMA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clock synchronisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk for the state directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: nvidia-smi did not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: driver version &apos;%2&apos; not readable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: driver %2 is older than %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drivers differ: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the driver did not say which CUDA version it runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: CUDA %2 is not in this console&apos;s compatibility table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: CUDA %2 needs driver %3, found %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes run different CUDA versions (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: `nvidia-smi nvlink -s` did not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3 NVLinks down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ECC mode not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ECC %2 (enabled after a reset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ECC %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: persistence mode %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: a row remap or page retirement is pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: row remapping has failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 pages retired (limit %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 pages retired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: temperature not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 C at idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 C at idle (expected below %3 C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: power limit not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: power limited to %2 W of %3 W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: link down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ports run at different speeds (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ports have different MTUs (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no network port is up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: PFC/ECN not visible from the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: PFC off on every priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ECN for RoCE off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: lsmod did not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: RDMA NICs but no nvidia_peermem module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: synchronisation state not visible (no timedatectl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: clock not synchronised</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: clock %2 s off this machine&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: free space of %2 not visible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 GiB free for %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>driver %1 on every node (at least %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA %1 matches the driver on every node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no NVLink on these GPUs (PCIe only): nothing to check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all %1 NVLinks up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECC enabled on every GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>persistence mode on for every GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no pending row remaps and no retired-page limits reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs at most %1 C at idle, power limits at their defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every port alike: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (speed not reported) MTU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (speed not reported)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no RoCE ports: nothing to check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PFC and ECN on for all %1 RoCE ports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no RDMA NICs: GPUDirect RDMA not needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nvidia_peermem loaded on every RDMA node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clocks synchronised on every node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enough free disk for the state directory on every node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the NVIDIA driver (it provides nvidia-smi) and run discovery again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check `nvidia-smi --version` on that node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install NVIDIA driver %1 or newer (the same on every node), then reboot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the same driver version on every node: NCCL and CUDA behave differently between versions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run `nvidia-smi` on that node; a driver that prints no CUDA version is incomplete: reinstall it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check NVIDIA&apos;s CUDA release notes (Table 3) for the driver it needs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the driver that matches the CUDA version (or a newer one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the same driver on every node so a job built for the newest CUDA runs everywhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that nvidia-smi works on that node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reseat or replace the GPU baseboard link (check `nvidia-smi nvlink -e` error counters and the fabric manager: `systemctl status nvidia-fabricmanager`), then reboot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check `nvidia-smi -q -d ECC` on that node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable ECC: `nvidia-smi -e 1`, then reset the GPU or reboot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable the persistence daemon: `systemctl enable --now nvidia-persistenced` (jobs otherwise wait for the driver to load on every start).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset the GPU (`nvidia-smi -r`) or reboot the node before it takes jobs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU&apos;s memory is worn out: ask the vendor for an RMA.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU cannot retire more pages: ask the vendor for an RMA.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch this GPU; plan a replacement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check `nvidia-smi -q -d TEMPERATURE` on that node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the server&apos;s fans and airflow (blanking panels, inlet temperature) before running jobs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the server&apos;s fans and airflow; a job may already be running on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check `nvidia-smi -q -d POWER` on that node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the default limit (`nvidia-smi -pl %1`) unless the cap is on purpose.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the cable and the switch port, or leave the port unused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set every port of a fabric to the same speed (switch and NIC), or collectives run at the slowest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use one MTU on every node and switch port (9000 for RoCE/Ethernet data, 4096 IB).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that the nodes&apos; data NICs are cabled and configured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check with `mlnx_qos -i %1` and on the switch that PFC is on priority 3 and ECN marks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn PFC on for the RoCE priority (`mlnx_qos -i %1 --pfc 0,0,0,1,0,0,0,0`) and on the switch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>echo 1 &gt; /sys/class/net/%1/ecn/roce_np/enable/3 (and roce_rp), and enable ECN marking on the switch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check `lsmod | grep peermem` on that node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load it (`modprobe nvidia_peermem`; add it to /etc/modules-load.d/) so NCCL moves GPU memory over RDMA directly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check chrony or ntpd on that node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable time sync: `apt install chrony &amp;&amp; systemctl enable --now chrony`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Point every node at the same NTP server; logs and telemetry from different nodes will not line up otherwise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check `df -h %1` on that node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free space or put the state directory on a larger disk (at least %1 GiB).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan for more space: telemetry of a busy cluster grows by a few GiB a week.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPU, the reference has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs, the reference has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB per GPU, the reference has %2+</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1, the reference has %2x Xeon %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 CPU sockets, the reference has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reference configuration for %1: checks still apply, the profile cannot compare it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage: the references expect about 20 GB/s aggregate read for checkpoints and datasets; discovery cannot measure it: run `fio --rw=read --bs=1M --numjobs=16` on the shared filesystem.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switches: the references expect 25G/100G (or faster) switches with PFC for RoCE; a switch&apos;s own settings are not visible from the nodes: the RoCE check reads what the NICs show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>driver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0x no GPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::SetupLauncherPage</name>
    <message>
        <source>Setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setup wizard takes a list of server addresses to a configured, validated and running cluster: it connects to each server over SSH (host keys shown with their fingerprint), reads GPUs, drivers, NVLink, network and disks on all of them at once, checks they are ready and says how to fix what is not, draws the topology, sets the scheduling policy and the certificates, writes cluster.yaml, installs the agent and supernoded with their systemd units, and connects the console. It can be left and resumed (also as supernode --setup).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open the setup wizard...</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::SetupWizard</name>
    <message>
        <source>Set up a cluster</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::SignatureText</name>
    <message>
        <source>%1 on %2 GPU %3: %4 %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2: %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPU %2: %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::SimulatedBadge</name>
    <message>
        <source>Simulated cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The numbers come from a model of GPU servers, not from real hardware.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::SparkChart</name>
    <message>
        <source>%1
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2
%3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::StartPage</name>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set up a new cluster from a list of servers, or start from an existing cluster.yaml.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import an existing cluster.yaml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume where you left off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/etc/supernode/cluster.yaml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster &amp;name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster.yaml to &amp;import:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::TopologyDetails</name>
    <message>
        <source>No recent events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (ack)</source>
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
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UUID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCI bus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NUMA node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not usable (lost)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink, %1 links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe, x%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoCE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>InfiniBand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ethernet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/s per direction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>down or erroring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % (%2/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent events of the node</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::TopologyLegend</name>
    <message>
        <source>GPU utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saturated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anomaly</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::TopologyPage</name>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour GPUs by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole cluster (F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This GPU&apos;s metrics on the GPUs page (or double-click its tile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine did not answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 nodes up · %3 GPUs · %4 links · scroll to zoom, drag to pan, click for details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Details&lt;/h3&gt;&lt;p&gt;Click a GPU, a link, a NIC or a switch to see what it is, how it is doing now, its job and its recent events.&lt;/p&gt;&lt;p&gt;Double-click a GPU to open its charts.&lt;/p&gt;&lt;p&gt;Keys: &lt;b&gt;+&lt;/b&gt;/&lt;b&gt;−&lt;/b&gt; zoom, &lt;b&gt;F&lt;/b&gt; fit.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;&lt;b&gt;Job %1&lt;/b&gt; (%2): %n GPU(s) highlighted&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;&lt;b&gt;Job %1&lt;/b&gt; (%2): %n GPU highlighted&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;&lt;b&gt;Job %1&lt;/b&gt; (%2): %n GPUs highlighted&lt;/p&gt;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sn::TopologyText</name>
    <message>
        <source>Network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink x%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe x%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVSwitch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 ports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ethernet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::TopologyView</name>
    <message>
        <source>&lt;b&gt;%1 · GPU %2&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#d62728&apos;&gt;Not usable: lost, or its node is down&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power: %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open anomaly — click for details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ↔ %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth: %1 per direction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#d62728&apos;&gt;Down or erroring&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load: %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:#d62728&apos;&gt;Down&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Down: not answering</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::UtilizationHistoryChart</name>
    <message>
        <source>Cluster history (last 10 minutes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean GPU utilization (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max GPU temperature (°C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature (°C)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::ctl::CtlText</name>
    <message>
        <source>Run &apos;supernodectl --help&apos; for usage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a number between %2 and %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--config needs a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no command given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the time after @ must be seconds &gt;= 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: expected KIND:NODE[:INDEX][@SECOND] with KIND one of the names &apos;supernodectl sim faults&apos; lists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: INDEX must be a GPU or NIC number &gt;= 0</source>
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
        <source>%1  (lasts %2 s by default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--inject needs KIND:NODE[:INDEX][@SECOND]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sim run takes no argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated %1 s (seed %2, virtual time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sim needs a subcommand: faults or run, or --trace FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown sim subcommand &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  (simulated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 faulted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU util</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean %1 %, max %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU temp max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 running, %2 pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status takes no argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anomaly scan needs one FILE.csv (timestamp,value rows)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anomaly needs a subcommand: scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown anomaly subcommand &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected: certs init DIR [--host NAME]...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>certs init takes --host NAME, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created in %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the certificate authority (keep ca.key offline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for supernoded --tls-cert/--tls-key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for mutual TLS (supernoded --tls-ca ca.pem)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected: tokens create --role viewer|operator|admin --file F [--name N]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens create takes --role, --file and --name, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens create needs --file (the daemon&apos;s --tokens file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--role must be viewer, operator or admin, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token &apos;%1&apos; (%2) added to %3; it is shown only now. Save it to a file for --token-file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config check needs exactly one file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: valid: cluster &apos;%2&apos;, %3 nodes, %4 GPUs (simulated), %5 priority classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: valid: cluster &apos;%2&apos;, %3 nodes, %4 GPUs, %5 priority classes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config needs a subcommand: check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown config subcommand &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inspect needs a subject: metrics, nvidia-smi or topo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown inspect subject &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inspect metrics needs exactly one file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inspect nvidia-smi needs exactly one file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inspect topo needs one FILE (the output of nvidia-smi topo -m)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2), sent to: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; (expected %2 with a value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected: jobs %1 ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jobs submit needs --gpus N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--backend must be embedded, slurm or kubernetes, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--state must be pending, running, completed, failed, cancelled or preempted, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STATE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WHERE / WHY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events takes --open and --limit N, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  (acknowledged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logs templates needs one FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown logs subcommand &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan: unknown option &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan: %1 needs a value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan: %1 needs a number, not &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan: %1 needs a whole number, not &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan: --fsdp is one of %1, not &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan needs --model-params N (e.g. 13e9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: an option is missing its value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report needs --format pdf, html or csv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report needs -o PATH (a file; a folder for csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report --snapshot: the snapshot holds its range; --from, --to and --seed are for gathering one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--sections: no section &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>snapshot: an option is missing its value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>snapshot: unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>snapshot needs -o FILE (and takes no --format or --snapshot)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sim --trace takes no argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown policy &apos;%1&apos;; the policies are fifo, bestfit, default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--seed expects a whole number &gt;= 0, got &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--seed is for --inflate (the time-based replay is deterministic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value %1 outside [%2, %3], worst %4 (score %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 row(s), %2 event(s), %3 row(s) dropped (time not moving forward)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 samples in %3 metric families</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, unit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: nvidia-smi %2, %3 GPU(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, driver %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, CUDA %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pstate %1, PCIe gen %2/%3 x%4, MIG %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 instances)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, VBIOS %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not reported: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPU(s), %2 NIC(s), %3 NUMA domain(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preempted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a whole number from %2 to %3, got &apos;%4&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no source &apos;%2&apos; (name it with --source)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 line(s), %2 template(s), %3 truncated, %4 not in the format</source>
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
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training on %1 x %2 (%3 node(s) x %4), topology %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inference on %1 x %2 (%3 node(s) x %4), topology %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1 parameters, %2 layers, hidden %3, %4 heads (%5 KV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, shape from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FITS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DOES NOT FIT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest micro-batch that fits: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest batch that fits: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute %1 ms, bubble %2 ms, TP %3 ms, PP %4 ms, DP %5 ms (%6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 ms with overlap (communication %2%), %3 ms without (%4%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with %1 gradients: DP %2 ms, step %3 ms (communication %4%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, job %1 steps = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill %1 ms, %2 ms per generated token, %3 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, one request %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configurations that fit, fastest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(as asked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: expected an ISO 8601 time such as 2026-01-01T00:00:00Z, or milliseconds since the epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot reach %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--to must be after --from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 report of %2, %3 to %4, written to %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours available %1, allocated %2, used %3; mean utilization %4%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>snapshot of %1, %2 to %3 (%4 jobs, %5 events, %6 series) written to %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed_jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected_jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first_rejection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed_jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unallocated_gpu_fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed_gpu_fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity_gpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requested_gpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocated_gpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilization_mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocation_rate_mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait_s_mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait_s_p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait_s_p95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jct_s_mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jct_s_p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>jct_s_p95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>makespan_s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preemptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preemptions_one_job_max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fragmentation_mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recovery_s_mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inflation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unconfigured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>registered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ADDRESS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REPORTING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KNOWN FROM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REGISTERED (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes takes no argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 waits: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scheduler has not said why yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>number %1 in the scheduling order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not wait: it runs on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not wait: it has ended (%2, exit code %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preempted %1 times, requeued %2 times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>planner: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 job %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected: jobs submit|list|get|why|cancel|requeue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 takes no argument &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GetSummary calls per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GetSummary round trip, median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GetSummary round trip, p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU chart query (1 h, median of 5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 calls in %2 s; the chart query returned %3 series, %4 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--level must be info, warning, error or critical, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no log lines match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>util %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temp C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SM MHz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no GPU reported in the last minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 GPUs busy, %3 jobs running, %4 pending, %5 anomalies open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query needs a metric, e.g. query DCGM_FI_DEV_GPU_UTIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--agg must be avg, min, max, sum or p95, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--agg needs --step SECONDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no series of %1 in the last %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: supernodectl [--json] [--lang zh_CN|en] [--config cluster.yaml] COMMAND [ARGS]
       supernodectl --remote grpcs://HOST:PORT --token-file F [--ca F] [--client-cert F --client-key F] COMMAND

Commands:
  status [--after SECONDS]         cluster headline numbers (GPUs, utilization, temperature,
                                   power, jobs, anomalies) after running the engine that long
  nodes                            every node: address, GPUs (count and model), reporting or
                                   not, known from cluster.yaml (configured), its agent
                                   (registered; unconfigured: only its agent) or the simulator,
                                   and when its agent last registered it
  sim faults                       the faults the simulated super node can inject
  sim run [--seconds N] [--seed S] [--inject KIND:NODE[:INDEX][@SECOND]]...
                                   run the simulated super node in virtual time, inject faults,
                                   and print the summary and the events raised
  sim --trace FILE [--nodes NODES.csv] [--policy fifo|bestfit|default] [--inflate [--seed N]]
                                   replay a job trace (Alibaba OpenB or generic CSV) on the
                                   scheduler in virtual time, or run FGD workload inflation
  config check FILE                validate a cluster.yaml; errors name line and column
  inspect nvidia-smi FILE          what the nvidia-smi parsers read from a captured `-q -x`
                                   XML or `--query-gpu` CSV (with header); errors name line
                                   and column
  inspect metrics FILE             what the Prometheus text parser reads from a captured /metrics
                                   scrape: metric families, types, series, values
  inspect topo FILE [--host NAME] [--gpu-model MODEL] [--nccl-env | --nccl-xml]
                                   the topology graph read from a captured nvidia-smi topo -m:
                                   devices, link type per pair, NIC and NUMA affinity;
                                   --nccl-env: the NCCL environment it calls for, with reasons;
                                   --nccl-xml: its NCCL_TOPO_FILE (needs PCI bus ids)
  logs [--node N] [--gpu G] [--job ID] [--contains TEXT] [--level info|warning|error|critical]
       [--last SECONDS] [--limit N]
                                   the engine&apos;s log lines (default: the last hour, 100 lines)
  logs templates FILE [--format FORMAT] [--settings FILE --source NAME]
                                   the template of every line of a log file (--json: one object
                                   per line, then a summary); FORMAT like
                                   &apos;&lt;Date&gt; &lt;Time&gt; &lt;Level&gt; &lt;Component&gt;: &lt;Content&gt;&apos;
  anomaly scan FILE.csv            the metric anomaly detectors over a timestamp,value series
                                   (NAB&apos;s layout); --json: one object per row
  plan --model-params N [--gpus N] [--gpu-model MODEL] [--nodes N] [--tp N] [--pp N]
       [--zero 0-3 | --fsdp FULL_SHARD|SHARD_GRAD_OP|NO_SHARD] [--precision fp32|fp16|bf16|fp8] [--optimizer adam|adamw|sgd|adam8bit]
       [--seq N] [--micro-batch N] [--grad-accum N] [--checkpointing none|selective|full]
       [--sequence-parallel] [--layers N --hidden N --heads N --kv-heads N --head-dim N]
       [--mfu F] [--overlap F] [--compression none|fp8|ratio:R|topk:F] [--reserve-gib G]
       [--tokens N] [--nics-per-node N] [--nic-gbps G] [--explain]
       [--inference [--weights fp16|bf16|fp8|int8|int4] [--kv-cache FORMAT] [--batch N]
                    [--output-tokens N]]
                                   will a model fit on these GPUs, how long will it take, how
                                   should it run: memory per GPU, largest micro-batch, step and
                                   job time, communication share, configurations that fit;
                                   on the cluster&apos;s GPUs and topology unless --gpu-model names
                                   another (docs/planner.md); --explain: how each number was
                                   computed
  jobs submit --gpus N [--name S] [--user U] [--queue Q] [--priority-class C] [--runtime SECONDS]
       [--backend embedded|slurm|kubernetes] [--command CMD] [--nodes N] [--tasks-per-node N]
       [--cpus N] [--partition P] [--time-limit SECONDS] [--workdir DIR] [--gpu-model M]
       [--image IMAGE] [--dry-run]
                                   submit a job (also: supernodectl submit ...); --dry-run prints
                                   exactly what the backend would be sent (the sbatch script, the
                                   manifests) and, on stderr, the command it goes to
  jobs list [--state STATE] [--limit N] | jobs get ID | jobs cancel ID | jobs requeue ID
                                   jobs (useful with --remote: the daemon keeps them)
  jobs why ID                      why a job waits (the scheduler&apos;s reason, its place in the
                                   order), or what it does instead
  events [--open] [--limit N]      the event timeline, newest first
  gpus [--node N] [--after SECONDS]
                                   every GPU&apos;s newest values of the last minute: utilization,
                                   memory, temperature, power, SM clock, last XID, job
  top [--node N] [--interval SECONDS] [--iterations N]
                                   the same, busiest GPUs first under the cluster&apos;s headline,
                                   refreshed every interval (until interrupted, or N times)
  query METRIC [--node N] [--gpu G] [--last SECONDS] [--step SECONDS]
        [--agg avg|min|max|sum|p95] [--by LABEL,...]
                                   a metric&apos;s series over the last SECONDS (default 300): raw
                                   points, or one a step (across series with --agg)
  bench [--seconds N]              how fast this engine answers from here: GetSummary round
                                   trips and a GPU chart query (read-only)
  certs init DIR [--host NAME]...  create a CA, a server certificate (for 127.0.0.1, localhost
                                   and each NAME) and a client certificate in DIR; keys 0600
  tokens create --role viewer|operator|admin --file F [--name NAME]
                                   add a token to supernoded&apos;s tokens file (stored hashed) and
                                   print the token, once
  known-hosts add [USER@]HOST[:PORT] [--accept-host-key SHA256:...] [--known-hosts FILE]
                                   record a node&apos;s SSH host key (run as the user of the program
                                   that connects: supernoded, the engine); without the
                                   fingerprint the key is shown and refused
  report [--from T] [--to T] [--scope cluster|node:N|queue:Q|job:ID] [--sections a,b]
         [--snapshot FILE] [--seed N] [--lang zh_CN|en] --format pdf|html|csv -o PATH
                                   a cluster report for a range (default: the last 24 hours;
                                   the embedded simulated super node simulates the range first);
                                   csv writes one file per table into the folder PATH;
                                   --lang: the report&apos;s language (default: LANG);
                                   T: ISO 8601 (2026-01-01T00:00:00Z) or epoch milliseconds
  snapshot [--from T] [--to T] [--scope S] -o FILE
                                   save the range&apos;s data into one file that report --snapshot
                                   builds the same report from on another machine
  version                          print the version

Options:
  --json                           print one JSON object (field names as in supernode.proto)
  --lang zh_CN|en                  the language of the human output (default: LC_ALL,
                                   LC_MESSAGES, LANG); --json keys and exit codes do not change
  --config FILE                    the cluster.yaml to simulate (default: built-in demo,
                                   2 nodes x 8 H100 80GB)
  --remote URL                     talk to a supernoded: grpcs://HOST:PORT (TLS) or grpc://...
  --token-file F                   the bearer token, one line (supernodectl tokens create)
  --ca F                           the CA that signed the daemon&apos;s certificate (certs init: ca.pem)
  --client-cert F --client-key F   for a daemon that asks for mutual TLS

Exit codes: 0 ok, 1 request failed, 2 usage error, 3 invalid input, 4 engine unavailable.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected: known-hosts add [USER@]HOST[:PORT] [--accept-host-key SHA256:...] [--known-hosts FILE] [--ssh-config FILE]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--accept-host-key takes a fingerprint as ssh-keygen -l prints it (SHA256:...), not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the fingerprint with the one the node shows (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on its console), then run this again with --accept-host-key and that fingerprint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: its host key is known already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: host key %2 recorded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sn::logs::Signature</name>
    <message>
        <source>Graphics engine exception (Xid 13)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU&apos;s graphics/compute engine raised an exception, most often an application bug (out-of-range access, illegal instruction); rarely driver or hardware.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the job&apos;s own errors (compute-sanitizer); if several jobs hit it on this GPU, run dcgmi diag -r 3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory page fault (Xid 31)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A process accessed GPU memory it does not own (an MMU fault), usually an application bug.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look at the process named in the line; if it repeats across different jobs, run GPU diagnostics.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU stopped processing (Xid 43)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The driver stopped a channel after an application fault; the GPU itself stays healthy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart the failed job; no GPU action needed unless it repeats.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preemptive cleanup (Xid 45)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The driver cleaned up channels of a process that was killed or failed after an earlier error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for the earlier Xid or signal that caused it; nothing to do on its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-bit ECC error (Xid 48)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An uncorrectable (double-bit) ECC error in GPU memory; applications on the GPU got bad data or were stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain the GPU, reset it (nvidia-smi -r) to retire the page / remap the row; replace it if DBEs recur.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Internal micro-controller warning (Xid 61)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU&apos;s internal micro-controller (PMU) hit a breakpoint or warning; the GPU may stop responding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset the GPU; update the driver; collect nvidia-bug-report.sh if it recurs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Internal micro-controller halt (Xid 62)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU&apos;s internal micro-controller halted; the GPU no longer works until reset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain the node&apos;s GPU, reset it or reboot; collect nvidia-bug-report.sh; RMA if it recurs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECC page retirement / row remapping recorded (Xid 63)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The driver recorded a memory page retirement or a row remapping after ECC errors; it takes effect at the next GPU reset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule a GPU reset when idle; watch retired pages / remapped rows (nvidia-smi -q -d ROW_REMAPPER).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECC page retirement / row remapping failed (Xid 64)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The driver could not record a page retirement or row remapping: the bad memory stays in use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain and reset the GPU; if row remapping failed or is exhausted, replace the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Video decoder exception (Xid 68)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The NVDEC video decoder raised an exception, usually because of bad input or an application bug.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the decoding application and its input; reset the GPU only if it repeats.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graphics engine class error (Xid 69)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The graphics engine received an invalid class or method, a driver or hardware fault.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset the GPU; update the driver; run dcgmi diag if it repeats.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink error (Xid 74)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An NVLink link reported an error; collectives between GPUs may fail or fall back to PCIe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check nvidia-smi nvlink -e counters; reset the GPUs on the link; reseat or service the board if it recurs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU has fallen off the bus (Xid 79)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU stopped answering on PCIe: every job on it has failed and it is invisible until reboot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain the node, check power, cooling and PCIe seating, reboot; replace the GPU if it falls off again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High single-bit ECC error rate (Xid 92)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU corrects single-bit ECC errors at a high rate: memory is degrading.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch volatile ECC counters; schedule diagnostics and a reset; plan a replacement if the rate grows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contained ECC error (Xid 94)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An uncorrectable ECC error was contained: only the applications using that memory were stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart the affected jobs; reset the GPU when idle so the row is remapped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncontained ECC error (Xid 95)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An uncorrectable ECC error could not be contained: every application on the GPU is affected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain the GPU and reset it now; replace it if uncontained errors recur.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GSP RPC timeout (Xid 119)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The driver timed out waiting for the GPU System Processor (GSP); the GPU may hang.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset the GPU or reboot; update the driver; if it recurs, try the driver with GSP firmware disabled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GSP error (Xid 120)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU System Processor reported an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset the GPU; collect nvidia-bug-report.sh; update the driver.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVIDIA driver error (Xid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The NVIDIA driver reported an Xid this library has no entry for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look the code up in NVIDIA&apos;s Xid catalogue; collect nvidia-bug-report.sh.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVSwitch fatal error (SXid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An NVSwitch reported a fatal error: NVLink traffic through it stopped and jobs using it fail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain the node, reset the fabric (reboot or nvidia-smi -r with Fabric Manager restart); collect nvidia-bug-report.sh.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVSwitch error (SXid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An NVSwitch reported a non-fatal error on a port or link.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch for repeats on the same link; check Fabric Manager logs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row remapping failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU has no spare rows left to remap failing memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the GPU: it will keep producing uncorrectable errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncorrectable ECC error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory reported an uncorrectable ECC error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain and reset the GPU; check remapped rows; replace it if errors recur.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU has fallen off the bus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thermal slowdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU lowered its clocks because it is too hot; jobs run slower.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check airflow, fans and inlet temperature; lower the power limit until it cools.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL unhandled system error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL failed on a system call or the network (often an InfiniBand/RoCE or shared-memory problem).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rerun with NCCL_DEBUG=INFO; check the NICs&apos; links and /dev/shm size on the ranks&apos; nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL collective timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A collective did not finish in time: a rank hung, died or lost its network.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the slow or dead rank (its node&apos;s GPU and NIC events); restart the job from its checkpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL reported a problem; it may have fallen back to a slower path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the rest of the line; check NVLink and NIC events on the same node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A job asked for more GPU memory than is free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower the batch size or model shard, or ask for GPUs with more memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PFC pause storm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A NIC or switch port is sending or receiving a storm of PFC pause frames: RoCE traffic stalls.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the port that sends pauses (a stuck host); check ECN/PFC settings and the switch&apos;s storm guard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoCE/InfiniBand link down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A high-speed NIC port lost its link: collectives over it fail or slow down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the cable, the transceiver and the switch port; ibstat / ip link on the node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel OOM killer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The node ran out of memory and the kernel killed a process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the killed process in the line; limit host memory per job (cgroups, --mem) or add memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm node not responding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slurmctld lost contact with a node&apos;s slurmd; its jobs may be requeued.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that the node is up, slurmd runs (systemctl status slurmd) and the network reaches it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slurmd failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slurmd reported an error or a fatal condition.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read slurmd&apos;s log on the node (journalctl -u slurmd); fix and restart slurmd.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubelet failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kubelet reported a failure (node not ready, PLEG unhealthy, eviction, device plugin).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read kubelet&apos;s log (journalctl -u kubelet); check the NVIDIA device plugin and container runtime.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
