<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ReportText</name>
    <message>
        <source>MM-dd HH:mm</source>
        <comment>short date and time pattern of QDateTime::toString</comment>
        <translation>M月d日 HH:mm</translation>
    </message>
    <message>
        <source>none in the range</source>
        <translation>该时段内无</translation>
    </message>
    <message>
        <source>%1 report</source>
        <translation>%1 报告</translation>
    </message>
    <message>
        <source>%1 — cluster report</source>
        <translation>%1 — 集群报告</translation>
    </message>
    <message>
        <source>%1 to %2 · scope %3 · from %4</source>
        <translation>%1 至 %2 · 范围 %3 · 数据来源 %4</translation>
    </message>
    <message>
        <source>Simulated cluster: these figures come from a model of hardware, not real GPUs.</source>
        <translation>模拟集群：这些数据来自硬件模型，而非真实 GPU。</translation>
    </message>
    <message>
        <source>Cluster report</source>
        <translation>集群报告</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>Scope: %1</source>
        <translation>范围：%1</translation>
    </message>
    <message>
        <source>Data: %1</source>
        <translation>数据来源：%1</translation>
    </message>
    <message>
        <source>Simulated cluster: figures come from a model of hardware.</source>
        <translation>模拟集群：数据来自硬件模型。</translation>
    </message>
    <message>
        <source>Page %1</source>
        <translation>第 %1 页</translation>
    </message>
    <message>
        <source>%1 cluster report</source>
        <translation>%1 集群报告</translation>
    </message>
    <message>
        <source>yyyy-MM-dd HH:mm &apos;UTC&apos;</source>
        <comment>date and time pattern of QDateTime::toString</comment>
        <translation>yyyy年M月d日 HH:mm &apos;UTC&apos;</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>unspecified</source>
        <translation>未指定</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>已确认</translation>
    </message>
    <message>
        <source> by %1</source>
        <translation>，确认人 %1</translation>
    </message>
    <message>
        <source> at %1</source>
        <translation>，确认于 %1</translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation>持续中</translation>
    </message>
    <message>
        <source>ended %1</source>
        <translation>结束于 %1</translation>
    </message>
    <message>
        <source>open</source>
        <translation>未处理</translation>
    </message>
    <message>
        <source>Thermal and power events, power-cap actions</source>
        <translation>温度与功耗事件、功率上限操作</translation>
    </message>
    <message>
        <source>Thermal and power events</source>
        <translation>温度与功耗事件</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>%1 thermal events and %2 power-cap actions (the power-cap audit) in the range.</source>
        <translation>该时段内共有 %1 个温度事件和 %2 次功率上限操作（功率上限审计）。</translation>
    </message>
    <message>
        <source>Anomalies and their resolution</source>
        <translation>异常及其处理</translation>
    </message>
    <message>
        <source>Warnings and worse</source>
        <translation>警告及以上</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>处理情况</translation>
    </message>
    <message>
        <source>%1 warnings or worse, %2 not acknowledged.</source>
        <translation>警告及以上共 %1 条，其中 %2 条未确认。</translation>
    </message>
    <message>
        <source>Log templates and failure signatures</source>
        <translation>日志模板与故障特征</translation>
    </message>
    <message>
        <source>%1 log lines (the newest the engine kept; older lines were dropped) in %2 templates.</source>
        <translation>共 %1 行日志（引擎保留的最新部分，较早的已丢弃），归入 %2 个模板。</translation>
    </message>
    <message>
        <source>%1 log lines in %2 templates.</source>
        <translation>共 %1 行日志，归入 %2 个模板。</translation>
    </message>
    <message>
        <source>Top log templates</source>
        <translation>最常见的日志模板</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>故障特征</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Failure signatures</source>
        <translation>故障特征</translation>
    </message>
    <message>
        <source>Templates</source>
        <translation>模板数</translation>
    </message>
    <message>
        <source>Topology snapshot and link health</source>
        <translation>拓扑快照与链路健康</translation>
    </message>
    <message>
        <source>Links down or degraded</source>
        <translation>中断或降级的链路</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>%1 nodes, %2 switches, %3 links, %4 NICs (%5 down) when the report was made.</source>
        <translation>生成报告时共有 %1 个节点、%2 台交换机、%3 条链路、%4 块网卡（%5 块断开）。</translation>
    </message>
    <message>
        <source>Links by type</source>
        <translation>按类型统计的链路</translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Down or degraded</source>
        <translation>中断或降级</translation>
    </message>
    <message>
        <source>Recommendations</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Computed from the data above; each names the numbers it rests on.</source>
        <translation>根据以上数据计算得出；每条建议都列出了其依据的数值。</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>under-used GPU</source>
        <translation>利用率过低的 GPU</translation>
    </message>
    <message>
        <source>idle most of the range: give it to a queue with waiting jobs or power it down</source>
        <translation>该时段大部分时间空闲：分配给有作业等待的队列，或将其关机</translation>
    </message>
    <message>
        <source>mean utilization %1, p95 %2 over %3 windows of %4</source>
        <translation>平均利用率 %1，P95 %2，共 %3 个时间窗（每个 %4）</translation>
    </message>
    <message>
        <source>thermal hot spot</source>
        <translation>过热点</translation>
    </message>
    <message>
        <source>check airflow and fans; the power cap may be holding it back</source>
        <translation>检查气流和风扇；功率上限可能正在限制其性能</translation>
    </message>
    <message>
        <source>max temperature %1 °C (threshold %2 °C)</source>
        <translation>最高温度 %1 °C（阈值 %2 °C）</translation>
    </message>
    <message>
        <source>communication-bound job</source>
        <translation>受通信限制的作业</translation>
    </message>
    <message>
        <source>GPUs on several nodes wait on each other: place it on fewer nodes or check the fabric</source>
        <translation>多个节点上的 GPU 相互等待：将其放置到更少的节点上，或检查网络</translation>
    </message>
    <message>
        <source>%1 nodes, %2 GPUs, mean utilization while running %3</source>
        <translation>%1 个节点、%2 块 GPU，运行期间平均利用率 %3</translation>
    </message>
    <message>
        <source>queue at quota</source>
        <translation>达到配额的队列</translation>
    </message>
    <message>
        <source>jobs wait on the queue&apos;s quota: raise its max or its guaranteed minimum</source>
        <translation>作业因队列配额而等待：提高其上限或保证的最低配额</translation>
    </message>
    <message>
        <source>%1 jobs pending for quota at the end of the range</source>
        <translation>时段结束时有 %1 个作业因配额而排队</translation>
    </message>
    <message>
        <source>repeated hardware errors</source>
        <translation>反复出现的硬件错误</translation>
    </message>
    <message>
        <source>drain it and have the hardware checked</source>
        <translation>将其排空并检查硬件</translation>
    </message>
    <message>
        <source>%1 error events (%2)</source>
        <translation>%1 个错误事件（%2）</translation>
    </message>
    <message>
        <source>Nothing to recommend: no under-used GPU, hot spot, communication-bound job, queue at quota or repeated hardware error in the range.</source>
        <translation>无建议：该时段内没有利用率过低的 GPU、过热点、受通信限制的作业、达到配额的队列或反复出现的硬件错误。</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分钟</translation>
    </message>
    <message>
        <source>PENDING</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>RUNNING</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>COMPLETED</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>CANCELLED</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>PREEMPTED</source>
        <translation>被抢占</translation>
    </message>
    <message>
        <source>UNSPECIFIED</source>
        <translation>未指定</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>%1 nodes, %2 GPUs over %3; utilization sampled every %4.</source>
        <translation>%1 个节点、%2 块 GPU，时长 %3；利用率每 %4 采样一次。</translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation>关键指标</translation>
    </message>
    <message>
        <source>KPI</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>GPU-hours available</source>
        <translation>可用 GPU 小时</translation>
    </message>
    <message>
        <source>GPU-h</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>GPU-hours allocated</source>
        <translation>已分配 GPU 小时</translation>
    </message>
    <message>
        <source>GPU-hours used</source>
        <translation>已使用 GPU 小时</translation>
    </message>
    <message>
        <source>Allocation rate</source>
        <translation>分配率</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>Mean utilization</source>
        <translation>平均利用率</translation>
    </message>
    <message>
        <source>P95 utilization</source>
        <translation>P95 利用率</translation>
    </message>
    <message>
        <source>Jobs submitted</source>
        <translation>提交的作业</translation>
    </message>
    <message>
        <source>jobs</source>
        <translation>个作业</translation>
    </message>
    <message>
        <source>Jobs completed</source>
        <translation>完成的作业</translation>
    </message>
    <message>
        <source>Jobs failed</source>
        <translation>失败的作业</translation>
    </message>
    <message>
        <source>Jobs cancelled</source>
        <translation>取消的作业</translation>
    </message>
    <message>
        <source>Mean wait</source>
        <translation>平均等待时间</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>P95 wait</source>
        <translation>P95 等待时间</translation>
    </message>
    <message>
        <source>Mean completion time</source>
        <translation>平均完成时间</translation>
    </message>
    <message>
        <source>P95 completion time</source>
        <translation>P95 完成时间</translation>
    </message>
    <message>
        <source>GPU energy</source>
        <translation>GPU 能耗</translation>
    </message>
    <message>
        <source>kWh</source>
        <translation>kWh</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>作业数</translation>
    </message>
    <message>
        <source>Share of allocated %</source>
        <translation>占已分配比例 %</translation>
    </message>
    <message>
        <source>Utilization while allocated %</source>
        <translation>分配期间利用率 %</translation>
    </message>
    <message>
        <source>Utilization by queue, user and priority class</source>
        <translation>按队列、用户和优先级类别的利用率</translation>
    </message>
    <message>
        <source>GPU-hours each group&apos;s jobs held in the range, and how busy those GPUs were meanwhile.</source>
        <translation>各组作业在该时段内占用的 GPU 小时，以及这些 GPU 在此期间的繁忙程度。</translation>
    </message>
    <message>
        <source>By queue (team)</source>
        <translation>按队列（团队）</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>By user</source>
        <translation>按用户</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>By priority class</source>
        <translation>按优先级类别</translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation>优先级类别</translation>
    </message>
    <message>
        <source>Nodes: utilization, temperature and power</source>
        <translation>节点：利用率、温度和功耗</translation>
    </message>
    <message>
        <source>Mean GPU utilization by node</source>
        <translation>各节点 GPU 平均利用率</translation>
    </message>
    <message>
        <source>Mean GPU temperature by node</source>
        <translation>各节点 GPU 平均温度</translation>
    </message>
    <message>
        <source>Mean GPU power by node</source>
        <translation>各节点 GPU 平均功耗</translation>
    </message>
    <message>
        <source>Per node</source>
        <translation>按节点</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Mean utilization %</source>
        <translation>平均利用率 %</translation>
    </message>
    <message>
        <source>P95 utilization %</source>
        <translation>P95 利用率 %</translation>
    </message>
    <message>
        <source>Max temperature °C</source>
        <translation>最高温度 °C</translation>
    </message>
    <message>
        <source>Mean power W</source>
        <translation>平均功耗 W</translation>
    </message>
    <message>
        <source>Energy kWh</source>
        <translation>能耗 kWh</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>按 GPU</translation>
    </message>
    <message>
        <source>Mean temperature °C</source>
        <translation>平均温度 °C</translation>
    </message>
    <message>
        <source>Jobs in the range</source>
        <translation>该时段内的作业</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Submitted</source>
        <translation>提交时间</translation>
    </message>
    <message>
        <source>Wait s</source>
        <translation>等待 秒</translation>
    </message>
    <message>
        <source>Run s</source>
        <translation>运行 秒</translation>
    </message>
    <message>
        <source>Jobs by state</source>
        <translation>按状态统计的作业</translation>
    </message>
    <message>
        <source>%1 jobs were submitted in or ran during the range.</source>
        <translation>该时段内共有 %1 个作业提交或运行。</translation>
    </message>
</context>
</TS>
