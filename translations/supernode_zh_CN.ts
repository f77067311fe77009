<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 — down</source>
        <translation>%1 — 宕机</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>fault</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>job %1</source>
        <translation>作业 %1</translation>
    </message>
    <message>
        <source>%1 (down)</source>
        <translation>%1（宕机）</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>%1 MB/s</source>
        <translation>%1 MB/s</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
</context>
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
    <message>
        <source>Failure</source>
        <translation>故障</translation>
    </message>
</context>
<context>
    <name>sn::ApplyPage</name>
    <message>
        <source>Review and apply</source>
        <translation>检查并应用</translation>
    </message>
    <message>
        <source>This cluster.yaml will be written. Apply copies the agent (and on the first node supernoded with its certificates and tokens) with their systemd units to the servers, starts them and waits until each reports.</source>
        <translation>将写入以下 cluster.yaml。“应用”会把 agent（在第一个节点上还有 supernoded 及其证书和令牌）连同 systemd 单元复制到各服务器，启动它们，并等待每个节点上报。</translation>
    </message>
    <message>
        <source>&amp;Apply to the servers</source>
        <translation>应用到服务器(&amp;A)</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Write cluster.yaml &amp;to:</source>
        <translation>cluster.yaml 写入位置(&amp;T)：</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>The Security page&apos;s listen address: %1</source>
        <translation>“安全”页的监听地址：%1</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Applying ...</source>
        <translation>正在应用 ...</translation>
    </message>
    <message>
        <source>the agent answered (%1 bytes; hover for its reading)</source>
        <translation>agent 已响应（%1 字节；悬停查看读数）</translation>
    </message>
    <message>
        <source>Every node runs the agent and has reported.</source>
        <translation>每个节点都在运行 agent 并已上报。</translation>
    </message>
    <message>
        <source>Stopped: %1. The nodes already changed were rolled back; fix it and apply again.</source>
        <translation>已停止：%1。已改动的节点均已回滚；修复后请重新应用。</translation>
    </message>
    <message>
        <source>applying</source>
        <translation>正在应用</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>已回滚</translation>
    </message>
</context>
<context>
    <name>sn::ChecksPage</name>
    <message>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Is each server ready for GPU jobs? Every check says what it found and, when it is not a pass, what to do.</source>
        <translation>每台服务器是否已准备好运行 GPU 作业？每项检查都会说明发现了什么；未通过时说明该怎么做。</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>修复：%1</translation>
    </message>
    <message>
        <source>&amp;Go on anyway: I will fix the failures later</source>
        <translation>仍然继续，稍后再修复失败项(&amp;G)</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复方法</translation>
    </message>
    <message>
        <source>%1 pass, %2 warn, %3 fail. You can go on with warnings; fix failures on the servers, then Back to Discover and &quot;Discover all again&quot;.</source>
        <translation>%1 项通过，%2 项警告，%3 项失败。有警告时可以继续；失败项请在服务器上修复，然后“上一步”回到“发现”，点击“重新发现全部”。</translation>
    </message>
    <message>
        <source>pass</source>
        <comment>a check&apos;s result</comment>
        <translation>通过</translation>
    </message>
    <message>
        <source>warn</source>
        <comment>a check&apos;s result</comment>
        <translation>警告</translation>
    </message>
    <message>
        <source>fail</source>
        <comment>a check&apos;s result</comment>
        <translation>失败</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A check&apos;s name and what it found, in the detail under the list.</extracomment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>sn::ConnectionEditor</name>
    <message>
        <source>Add a connection</source>
        <translation>添加连接</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N):</translation>
    </message>
    <message>
        <source>lab cluster</source>
        <translation>实验室集群</translation>
    </message>
    <message>
        <source>&amp;Directly over gRPC/TLS</source>
        <translation>直接通过 gRPC/TLS(&amp;D)</translation>
    </message>
    <message>
        <source>Through an SS&amp;H tunnel to the head node</source>
        <translation>通过到头节点的 SSH 隧道(&amp;H)</translation>
    </message>
    <message>
        <source>Reach it:</source>
        <translation>连接方式:</translation>
    </message>
    <message>
        <source>Daemon &amp;URL:</source>
        <translation>守护进程 URL(&amp;U):</translation>
    </message>
    <message>
        <source>SSH &amp;login:</source>
        <translation>SSH 登录(&amp;L):</translation>
    </message>
    <message>
        <source>The port supernoded listens on at the head node&apos;s loopback (127.0.0.1)</source>
        <translation>supernoded 在头节点回环地址 (127.0.0.1) 上监听的端口</translation>
    </message>
    <message>
        <source>Daemon &amp;port on the head node:</source>
        <translation>头节点上的守护进程端口(&amp;P):</translation>
    </message>
    <message>
        <source>SSH &amp;key:</source>
        <translation>SSH 密钥(&amp;K):</translation>
    </message>
    <message>
        <source>ssh-agent, then ~/.ssh&apos;s keys</source>
        <translation>ssh-agent,然后是 ~/.ssh 中的密钥</translation>
    </message>
    <message>
        <source>&amp;CA certificate:</source>
        <translation>CA 证书(&amp;C):</translation>
    </message>
    <message>
        <source>the system&apos;s roots</source>
        <translation>系统根证书</translation>
    </message>
    <message>
        <source>&amp;Token file:</source>
        <translation>令牌文件(&amp;T):</translation>
    </message>
    <message>
        <source>supernodectl tokens create&apos;s output</source>
        <translation>supernodectl tokens create 的输出</translation>
    </message>
    <message>
        <source>Client certificate:</source>
        <translation>客户端证书:</translation>
    </message>
    <message>
        <source>only for mutual TLS</source>
        <translation>仅用于双向 TLS</translation>
    </message>
    <message>
        <source>Client key:</source>
        <translation>客户端密钥:</translation>
    </message>
    <message>
        <source>Certificate &amp;name:</source>
        <translation>证书名称(&amp;N):</translation>
    </message>
    <message>
        <source>the host dialled</source>
        <translation>所连接的主机</translation>
    </message>
    <message>
        <source>The name the daemon&apos;s certificate must carry, when it is not the host dialled (127.0.0.1 through SSH)</source>
        <translation>守护进程证书必须包含的名称(当它不是所连接的主机时,例如通过 SSH 时为 127.0.0.1)</translation>
    </message>
    <message>
        <source>Only the paths are saved: the token and keys stay in their files.</source>
        <translation>只保存路径:令牌和密钥留在各自的文件中。</translation>
    </message>
    <message>
        <source>Choose the file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
</context>
<context>
    <name>sn::ConnectionSwitcher</name>
    <message>
        <source>Unknown SSH host key</source>
        <translation>未知的 SSH 主机密钥</translation>
    </message>
    <message>
        <source>%1 is not in known_hosts yet. Its %2 key has the fingerprint

%3

Compare it with the one the server shows (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub). Accept it and record it in known_hosts?</source>
        <translation>%1 尚不在 known_hosts 中。它的 %2 密钥指纹为

%3

请与服务器显示的指纹比较 (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub)。接受并记录到 known_hosts 吗?</translation>
    </message>
    <message>
        <source>Simulated cluster (embedded)</source>
        <translation>模拟集群(内嵌)</translation>
    </message>
    <message>
        <source>The simulated super node, in this console&apos;s own engine</source>
        <translation>模拟超节点,运行在本控制台自己的引擎中</translation>
    </message>
    <message>
        <source>%1 (command line)</source>
        <translation>%1(命令行)</translation>
    </message>
    <message>
        <source>The cluster this console shows (Connection menu)</source>
        <translation>本控制台显示的集群(连接菜单)</translation>
    </message>
    <message>
        <source>&amp;Manage connections…</source>
        <translation>管理连接(&amp;M)…</translation>
    </message>
    <message>
        <source>No saved connection is called %1</source>
        <translation>没有名为 %1 的已保存连接</translation>
    </message>
    <message>
        <source>Connecting to %1 (%2)…</source>
        <translation>正在连接 %1 (%2)…</translation>
    </message>
    <message>
        <source>The SSH host key of %1 (%2) was not accepted</source>
        <translation>%1 的 SSH 主机密钥 (%2) 未被接受</translation>
    </message>
    <message>
        <source> (SSH tunnel: %1)</source>
        <translation>(SSH 隧道:%1)</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>已连接到 %1</translation>
    </message>
    <message>
        <source>Could not connect to %1: %2</source>
        <translation>无法连接到 %1:%2</translation>
    </message>
</context>
<context>
    <name>sn::ConnectionsDialog</name>
    <message>
        <source>Connections</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>添加(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>sn::ConsoleCommandLine</name>
    <message>
        <source>Show this help.</source>
        <translation>显示此帮助。</translation>
    </message>
    <message>
        <source>Print the version and exit.</source>
        <translation>输出版本号并退出。</translation>
    </message>
    <message>
        <source>The cluster.yaml to run (default: the built-in simulated super node, 2 x 8 H100).</source>
        <translation>要运行的 cluster.yaml（默认：内置的模拟超节点，2 x 8 H100）。</translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE.png and exit; works without a display.</source>
        <translation>把窗口截图保存为 FILE.png 后退出；无需显示器。</translation>
    </message>
    <message>
        <source>The page to show: %1.</source>
        <translation>要显示的页面：%1。</translation>
    </message>
    <message>
        <source>Seconds to run before the screenshot (default 3).</source>
        <translation>截图前运行的秒数（默认 3）。</translation>
    </message>
    <message>
        <source>With --screenshot: picture this dialog instead of the window (submit: the job submitter with the multi-node template; connection: the connection editor).</source>
        <translation>与 --screenshot 一起使用：截取该对话框而非主窗口（submit：使用多节点模板的作业提交对话框；connection：连接编辑器）。</translation>
    </message>
    <message>
        <source>Show the supernoded at URL (grpcs://HOST:PORT) instead of an embedded engine.</source>
        <translation>显示位于 URL（grpcs://HOST:PORT）的 supernoded，而不是内置引擎。</translation>
    </message>
    <message>
        <source>With --connect: the bearer token, one line.</source>
        <translation>与 --connect 一起使用：持有者令牌，一行。</translation>
    </message>
    <message>
        <source>With --connect: the CA that signed the daemon&apos;s certificate.</source>
        <translation>与 --connect 一起使用：签发守护进程证书的 CA。</translation>
    </message>
    <message>
        <source>With --connect: client certificate for mutual TLS.</source>
        <translation>与 --connect 一起使用：双向 TLS 的客户端证书。</translation>
    </message>
    <message>
        <source>With --connect: the client certificate&apos;s key.</source>
        <translation>与 --connect 一起使用：客户端证书的私钥。</translation>
    </message>
    <message>
        <source>The console&apos;s language (zh_CN, en); default: the one chosen in the Language menu, else the environment&apos;s (LANG).</source>
        <translation>控制台的语言（zh_CN、en）；默认：“语言”菜单中选择的语言，否则为环境的语言（LANG）。</translation>
    </message>
    <message>
        <source>Open the setup wizard alone: from server addresses to a running cluster (docs/setup-wizard.md).</source>
        <translation>单独打开部署向导：从服务器地址到运行中的集群（docs/setup-wizard.md）。</translation>
    </message>
    <message>
        <source>SuperNode Console: set up, watch and run a GPU super node.</source>
        <translation>SuperNode 控制台：部署、监控和运行 GPU 超节点。</translation>
    </message>
    <message>
        <source>supernode: %1
Run &apos;supernode --help&apos; for usage.</source>
        <translation>supernode：%1
运行 &apos;supernode --help&apos; 查看用法。</translation>
    </message>
    <message>
        <source>supernode: unexpected argument &apos;%1&apos;
Run &apos;supernode --help&apos; for usage.</source>
        <translation>supernode：意外的参数 &apos;%1&apos;
运行 &apos;supernode --help&apos; 查看用法。</translation>
    </message>
    <message>
        <source>supernode: unknown page &apos;%1&apos;; the pages are: %2</source>
        <translation>supernode：未知页面 &apos;%1&apos;；可用页面：%2</translation>
    </message>
    <message>
        <source>supernode: --after needs a number of seconds between 0 and 3600, got &apos;%1&apos;</source>
        <translation>supernode：--after 需要 0 到 3600 之间的秒数，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>supernode: no display found. Run headless with QT_QPA_PLATFORM=offscreen supernode --screenshot overview.png --after 3, or start it from a desktop session.</source>
        <translation>supernode：找不到显示器。可用 QT_QPA_PLATFORM=offscreen supernode --screenshot overview.png --after 3 无界面运行，或在桌面会话中启动。</translation>
    </message>
    <message>
        <source>supernode: --dialog takes &apos;submit&apos; or &apos;connection&apos;, not &apos;%1&apos;</source>
        <translation>supernode：--dialog 只接受 &apos;submit&apos; 或 &apos;connection&apos;，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>supernode: could not write the screenshot to &apos;%1&apos;</source>
        <translation>supernode：无法把截图写入 &apos;%1&apos;</translation>
    </message>
</context>
<context>
    <name>sn::ConsolePages</name>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Logs &amp; anomalies</source>
        <translation>日志与异常</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>部署</translation>
    </message>
</context>
<context>
    <name>sn::DiscoverPage</name>
    <message>
        <source>Discover</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Reading each server&apos;s GPUs, driver, NVLink, CPUs, memory, disks, network and clock, on all servers at once.</source>
        <translation>同时在所有服务器上读取 GPU、驱动、NVLink、CPU、内存、磁盘、网络和时钟。</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>What was found</source>
        <translation>发现结果</translation>
    </message>
    <message>
        <source>&amp;Retry failed</source>
        <translation>重试失败项(&amp;R)</translation>
    </message>
    <message>
        <source>Discover &amp;all again</source>
        <translation>重新发现全部(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Drop selected node</source>
        <translation>移除所选节点(&amp;D)</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>reading ...</source>
        <translation>正在读取 ...</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>%1x %2, driver %3, CUDA %4; %5 of %6 tools answered</source>
        <translation>%1x %2，驱动 %3，CUDA %4；%6 个工具中 %5 个有响应</translation>
    </message>
    <message>
        <source>discovering ...</source>
        <translation>正在发现 ...</translation>
    </message>
    <message>
        <source>Discovering %1 nodes ...</source>
        <translation>正在发现 %1 个节点 ...</translation>
    </message>
    <message>
        <source>%1 nodes failed: retry them, or drop them from the cluster.</source>
        <translation>%1 个节点失败：请重试，或将其从集群中移除。</translation>
    </message>
    <message>
        <source>All %1 nodes discovered.</source>
        <translation>已发现全部 %1 个节点。</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>无 GPU</translation>
    </message>
</context>
<context>
    <name>sn::DonePage</name>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>The cluster is configured and its nodes report.</source>
        <translation>集群已配置完成，各节点正在上报。</translation>
    </message>
    <message>
        <source>&amp;Connect the console to the new cluster</source>
        <translation>将控制台连接到新集群(&amp;C)</translation>
    </message>
    <message>
        <source>The cluster &quot;%1&quot; is configured: %2 nodes run the agent, the first also supernoded; cluster.yaml is in %3.

The console reaches it at %4 with the CA %5 and the admin token %6. Later, from a terminal:

supernode --connect %4 --ca %5 --token-file %6%7</source>
        <translation>集群“%1”已配置完成：%2 个节点运行 agent，第一个节点还运行 supernoded；cluster.yaml 位于 %3。

控制台通过 %4 访问它，使用 CA %5 和管理员令牌 %6。以后可在终端中运行：

supernode --connect %4 --ca %5 --token-file %6%7</translation>
    </message>
</context>
<context>
    <name>sn::EngineMessage</name>
    <message>
        <source>cannot read cluster file %1: no such file</source>
        <translation>无法读取集群文件 %1：文件不存在</translation>
    </message>
    <message>
        <source>cannot read cluster file %1: it is a directory</source>
        <translation>无法读取集群文件 %1：这是一个目录</translation>
    </message>
    <message>
        <source>cannot read cluster file %1: it is larger than 16 MiB</source>
        <translation>无法读取集群文件 %1：文件大于 16 MiB</translation>
    </message>
    <message>
        <source>cannot read cluster file %1: permission denied</source>
        <translation>无法读取集群文件 %1：权限不足</translation>
    </message>
    <message>
        <source>cannot read cluster file %1: read error</source>
        <translation>无法读取集群文件 %1：读取出错</translation>
    </message>
    <message>
        <source>invalid YAML: unexpected %1 (expected a &apos;key: value&apos; line or a &apos;- &apos; entry)</source>
        <translation>YAML 无效：意外的 %1（应为 &apos;key: value&apos; 行或 &apos;- &apos; 条目）</translation>
    </message>
    <message>
        <source>invalid YAML: %1</source>
        <translation>YAML 无效：%1</translation>
    </message>
    <message>
        <source>the file is empty: expected a cluster starting with &apos;apiVersion: %1&apos; and &apos;kind: Cluster&apos;</source>
        <translation>文件为空：集群定义应以 &apos;apiVersion: %1&apos; 和 &apos;kind: Cluster&apos; 开头</translation>
    </message>
    <message>
        <source>%1: the cluster has no nodes and no simulation section</source>
        <translation>%1：集群既没有节点，也没有 simulation 部分</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; %2 (did you mean &apos;%3&apos;? expected one of: %4)</source>
        <translation>%2的未知键 &apos;%1&apos;（是否想写 &apos;%3&apos;？可用的键：%4）</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; %2 (expected one of: %3)</source>
        <translation>%2的未知键 &apos;%1&apos;（可用的键：%3）</translation>
    </message>
    <message>
        <source>duplicate key &apos;%1&apos; %2 (first at line %3)</source>
        <translation>%2的键 &apos;%1&apos; 重复（首次出现在第 %3 行）</translation>
    </message>
    <message>
        <source>duplicate %1 %2 (first at line %3)</source>
        <translation>%1 %2 重复（首次出现在第 %3 行）</translation>
    </message>
    <message>
        <source>%1 is missing required key &apos;%2&apos; (expected e.g. %3)</source>
        <translation>%1 缺少必需的键 &apos;%2&apos;（例如 %3）</translation>
    </message>
    <message>
        <source>keys %1 must be plain names, got %2</source>
        <translation>%1的键必须是普通名称，实际为 %2</translation>
    </message>
    <message>
        <source>%1 expects a map, got %2</source>
        <translation>%1 应为映射，实际为 %2</translation>
    </message>
    <message>
        <source>%1 expects a string, got %2</source>
        <translation>%1 应为字符串，实际为 %2</translation>
    </message>
    <message>
        <source>%1 expects true or false, got %2</source>
        <translation>%1 应为 true 或 false，实际为 %2</translation>
    </message>
    <message>
        <source>%1 expects a speed like 100G, got %2</source>
        <translation>%1 应为速率（如 100G），实际为 %2</translation>
    </message>
    <message>
        <source>%1 expects a speed above 0 like 100G, got %2</source>
        <translation>%1 应为大于 0 的速率（如 100G），实际为 %2</translation>
    </message>
    <message>
        <source>%1 expects a byte quantity like 512Gi, 80G or 1024, got %2</source>
        <translation>%1 应为字节数（如 512Gi、80G 或 1024），实际为 %2</translation>
    </message>
    <message>
        <source>%1 expects a duration like 500ms, 15s, 1h30m or 15d, got %2</source>
        <translation>%1 应为时长（如 500ms、15s、1h30m 或 15d），实际为 %2</translation>
    </message>
    <message>
        <source>%1 expects a sequence, got %2</source>
        <translation>%1 应为序列，实际为 %2</translation>
    </message>
    <message>
        <source>%1 expects one of %2, got %3</source>
        <translation>%1 应为 %2 之一，实际为 %3</translation>
    </message>
    <message>
        <source>%1 expects %2, got %3</source>
        <translation>%1 应为%2，实际为 %3</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, got %4</source>
        <translation>%1 必须在 %2 到 %3 之间，实际为 %4</translation>
    </message>
    <message>
        <source>%1 must not be empty</source>
        <translation>%1 不能为空</translation>
    </message>
    <message>
        <source>&apos;apiVersion&apos; must be %1, got %2</source>
        <translation>&apos;apiVersion&apos; 必须为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>&apos;kind&apos; must be Cluster, got %1</source>
        <translation>&apos;kind&apos; 必须为 Cluster，实际为 %1</translation>
    </message>
    <message>
        <source>%1 lists %2 GPUs; a node holds at most 16</source>
        <translation>%1 列出了 %2 块 GPU；一个节点最多 16 块</translation>
    </message>
    <message>
        <source>an integer of at least %1</source>
        <translation>不小于 %1 的整数</translation>
    </message>
    <message>
        <source>an integer from %1 to %2</source>
        <translation>%1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>%1 中</translation>
    </message>
    <message>
        <source>the file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>a map</source>
        <translation>映射</translation>
    </message>
    <message>
        <source>a sequence</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空值</translation>
    </message>
    <message>
        <source>the engine daemon is unavailable: %1</source>
        <translation>引擎守护进程不可用：%1</translation>
    </message>
    <message>
        <source>the engine daemon did not answer in time: %1</source>
        <translation>引擎守护进程未及时响应：%1</translation>
    </message>
    <message>
        <source>the engine daemon is overloaded or the request too large: %1</source>
        <translation>引擎守护进程过载或请求过大：%1</translation>
    </message>
    <message>
        <source>the call was cancelled: %1</source>
        <translation>调用已取消：%1</translation>
    </message>
    <message>
        <source>internal error in the engine daemon</source>
        <translation>引擎守护进程内部错误</translation>
    </message>
    <message>
        <source>the remote engine was closed</source>
        <translation>远程引擎已关闭</translation>
    </message>
    <message>
        <source>failed to connect to all addresses; last error: %1</source>
        <translation>无法连接到任何地址；最后一个错误：%1</translation>
    </message>
    <message>
        <source>--remote &apos;%1&apos;: expected grpcs://HOST:PORT (or grpc://HOST:PORT without TLS)</source>
        <translation>--remote &apos;%1&apos;：应为 grpcs://HOST:PORT（不用 TLS 时为 grpc://HOST:PORT）</translation>
    </message>
    <message>
        <source>--remote &apos;%1&apos;: port 0 is not a daemon&apos;s port</source>
        <translation>--remote &apos;%1&apos;：端口 0 不是守护进程的端口</translation>
    </message>
    <message>
        <source>--token-file %1: expected one line holding the token</source>
        <translation>--token-file %1：应为包含令牌的一行</translation>
    </message>
    <message>
        <source>--ca goes with grpcs://, not grpc://</source>
        <translation>--ca 用于 grpcs://，而非 grpc://</translation>
    </message>
    <message>
        <source>--client-cert and --client-key go together</source>
        <translation>--client-cert 和 --client-key 必须同时使用</translation>
    </message>
    <message>
        <source>not authenticated: %1</source>
        <translation>未通过身份验证：%1</translation>
    </message>
    <message>
        <source>the authorization header must be &apos;Bearer TOKEN&apos;</source>
        <translation>authorization 头必须为 &apos;Bearer TOKEN&apos;</translation>
    </message>
    <message>
        <source>the token is not known to this daemon</source>
        <translation>此守护进程不认识该令牌</translation>
    </message>
    <message>
        <source>%1 needs the role %2; &apos;%3&apos; is %4</source>
        <translation>%1 需要 %2 角色；&apos;%3&apos; 的角色是 %4</translation>
    </message>
    <message>
        <source>rate limit: more than %1 calls per second from &apos;%2&apos;</source>
        <translation>速率限制：来自 &apos;%2&apos; 的调用超过每秒 %1 次</translation>
    </message>
    <message>
        <source>SSH: no host to connect to</source>
        <translation>SSH：没有要连接的主机</translation>
    </message>
    <message>
        <source>SSH: %1 accepted none of the keys offered (%2); add your public key to the node&apos;s authorized_keys or load it into ssh-agent</source>
        <translation>SSH：%1 不接受所提供的任何密钥（%2）；请把公钥加入该节点的 authorized_keys，或将其加载到 ssh-agent</translation>
    </message>
    <message>
        <source>the host key of %1 is not known (%2 %3 is not in %4); refusing to connect. Check the fingerprint with the host&apos;s administrator, then accept it (ssh once from a terminal, or accept that fingerprint where this tool asks).</source>
        <translation>%1 的主机密钥未知（%2 %3 不在 %4 中）；拒绝连接。请先与该主机的管理员核对指纹，然后接受它（在终端中 ssh 一次，或在本工具询问时接受该指纹）。</translation>
    </message>
    <message>
        <source>WARNING: the host key of %1 has CHANGED (now %2 %3). Someone could be eavesdropping (a man-in-the-middle attack), or the host was reinstalled. The old key is at %4; refusing to connect. If the change is expected, remove that line (ssh-keygen -R &apos;%5&apos;) and connect again.</source>
        <translation>警告：%1 的主机密钥已更改（现为 %2 %3）。可能有人在窃听（中间人攻击），也可能是主机重装了系统。旧密钥位于 %4；拒绝连接。如果这一变化在预期之中，请删除该行（ssh-keygen -R &apos;%5&apos;）后重新连接。</translation>
    </message>
    <message>
        <source>cannot check the host key of %1 against %2: %3</source>
        <translation>无法对照 %2 检查 %1 的主机密钥：%3</translation>
    </message>
    <message>
        <source>this daemon needs a token: send &apos;authorization: Bearer TOKEN&apos; (supernodectl --token-file)</source>
        <translation>此守护进程需要令牌：请发送 &apos;authorization: Bearer TOKEN&apos;（supernodectl --token-file）</translation>
    </message>
    <message>
        <source>at the top level</source>
        <translation>顶层</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>position %1</source>
        <translation>排队第 %1 位</translation>
    </message>
    <message>
        <source>waiting behind the first %1 pending jobs (not considered this cycle)</source>
        <translation>排在前 %1 个等待作业之后（本轮调度未考虑）</translation>
    </message>
    <message>
        <source>submitted</source>
        <translation>已提交</translation>
    </message>
    <message>
        <source>waits for the next scheduling cycle</source>
        <translation>等待下一轮调度</translation>
    </message>
    <message>
        <source>requeued from its last checkpoint</source>
        <translation>已从上一个检查点重新排队</translation>
    </message>
    <message>
        <source>resumes from its last checkpoint</source>
        <translation>将从上一个检查点恢复</translation>
    </message>
    <message>
        <source>waiting for job %1 to end successfully</source>
        <translation>等待作业 %1 成功结束</translation>
    </message>
    <message>
        <source>waiting for job %1 to end</source>
        <translation>等待作业 %1 结束</translation>
    </message>
    <message>
        <source>dependency never satisfied: job %1 ended failed</source>
        <translation>依赖永远无法满足：作业 %1 以失败结束</translation>
    </message>
    <message>
        <source>dependency never satisfied: job %1 ended cancelled</source>
        <translation>依赖永远无法满足：作业 %1 已被取消</translation>
    </message>
    <message>
        <source>queue %1 is at its max of %2 GPUs (%3 in use)</source>
        <translation>队列 %1 已达到 %2 块 GPU 的上限（%3 块在用）</translation>
    </message>
    <message>
        <source>queue %1 is at its memory limit of %2 GiB</source>
        <translation>队列 %1 已达到 %2 GiB 的内存上限</translation>
    </message>
    <message>
        <source>behind job %1 (first in, first out)</source>
        <translation>排在作业 %1 之后（先进先出）</translation>
    </message>
    <message>
        <source>waiting for %1 CPUs on one node</source>
        <translation>等待同一节点上的 %1 个 CPU</translation>
    </message>
    <message>
        <source>waiting for a %1/1000 share of one GPU</source>
        <translation>等待一块 GPU 的 %1/1000 份额</translation>
    </message>
    <message>
        <source>waiting for a %1/1000 share of one %2 GPU</source>
        <translation>等待一块 %2 GPU 的 %1/1000 份额</translation>
    </message>
    <message>
        <source>waiting for 1 GPU on one node</source>
        <translation>等待 1 块 GPU</translation>
    </message>
    <message>
        <source>waiting for 1 GPU %1 on one node</source>
        <translation>等待 1 块 %1 GPU</translation>
    </message>
    <message>
        <source>waiting for %1 GPUs on one node</source>
        <translation>等待同一节点上的 %1 块 GPU</translation>
    </message>
    <message>
        <source>waiting for %1 GPUs %2 on one node</source>
        <translation>等待同一节点上的 %1 块 %2 GPU</translation>
    </message>
    <message>
        <source>waiting for %1 GPUs on one NVSwitch node</source>
        <translation>等待同一 NVSwitch 节点上的 %1 块 GPU</translation>
    </message>
    <message>
        <source>waiting for %1 GPUs %2 on one NVSwitch node</source>
        <translation>等待同一 NVSwitch 节点上的 %1 块 %2 GPU</translation>
    </message>
    <message>
        <source>the largest free block is 1 GPU on %1</source>
        <translation>最大的空闲块是 %1 上的 1 块 GPU</translation>
    </message>
    <message>
        <source>the largest free block is %1 GPUs on %2</source>
        <translation>最大的空闲块是 %2 上的 %1 块 GPU</translation>
    </message>
    <message>
        <source>waiting for %1 GPUs across nodes, all at once (gang)</source>
        <translation>等待跨节点同时分配 %1 块 GPU（成组调度）</translation>
    </message>
    <message>
        <source>waiting for %1 GPUs %2 across nodes, all at once (gang)</source>
        <translation>等待跨节点同时分配 %1 块 %2 GPU（成组调度）</translation>
    </message>
    <message>
        <source>%1 free</source>
        <translation>空闲 %1 块</translation>
    </message>
    <message>
        <source>resources reserved for it from +%1 s</source>
        <translation>已为它预留资源，从 +%1 秒起</translation>
    </message>
    <message>
        <source>it would delay the reservation of job %1</source>
        <translation>它会推迟作业 %1 的预留</translation>
    </message>
    <message>
        <source>preempted for job %1 (higher priority)</source>
        <translation>为作业 %1 被抢占（其优先级更高）</translation>
    </message>
    <message>
        <source>preempted for job %1 (queue %2 reclaims its guarantee)</source>
        <translation>为作业 %1 被抢占（队列 %2 收回其保障额度）</translation>
    </message>
    <message>
        <source>waiting for the next placement pass</source>
        <translation>等待下一轮放置</translation>
    </message>
    <message>
        <source>requeued: the engine restarted</source>
        <translation>已重新排队：引擎已重启</translation>
    </message>
    <message>
        <source>interrupted by a hardware fault</source>
        <translation>被硬件故障中断</translation>
    </message>
    <message>
        <source>requeued on request</source>
        <translation>应请求重新排队</translation>
    </message>
    <message>
        <source>the declared model does not fit on %1 x %2: %3</source>
        <translation>声明的模型在 %1 x %2 上放不下：%3</translation>
    </message>
    <message>
        <source>needs %1 per GPU but %2 has %3</source>
        <translation>每块 GPU 需要 %1，但 %2 只有 %3</translation>
    </message>
    <message>
        <source>the largest part is parameters (%1)</source>
        <translation>最大的部分是参数（%1）</translation>
    </message>
    <message>
        <source>the largest part is gradients (%1)</source>
        <translation>最大的部分是梯度（%1）</translation>
    </message>
    <message>
        <source>the largest part is optimizer states (%1)</source>
        <translation>最大的部分是优化器状态（%1）</translation>
    </message>
    <message>
        <source>the largest part is activations (%1)</source>
        <translation>最大的部分是激活值（%1）</translation>
    </message>
    <message>
        <source>the largest part is KV cache (%1)</source>
        <translation>最大的部分是 KV 缓存（%1）</translation>
    </message>
    <message>
        <source>nearest configuration that fits: %1</source>
        <translation>能放下的最接近配置：%1</translation>
    </message>
    <message>
        <source>no configuration of %1 GPUs fits: it needs at least %2 %3</source>
        <translation>%1 块 GPU 的任何配置都放不下：至少需要 %2 块 %3</translation>
    </message>
    <message>
        <source>no configuration of %1 GPUs fits</source>
        <translation>%1 块 GPU 的任何配置都放不下</translation>
    </message>
    <message>
        <source>TP %1 spans nodes (%2 GPUs per node): tensor-parallel traffic crosses the network</source>
        <translation>TP %1 跨越节点（每节点 %2 块 GPU）：张量并行流量要经过网络</translation>
    </message>
    <message>
        <source>job &apos;%1&apos;: %2</source>
        <translation>作业 &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>GPU counts must not be negative (min %1, max %2)</source>
        <translation>GPU 数量不能为负（最少 %1，最多 %2）</translation>
    </message>
    <message>
        <source>gpus min (%1) is above max (%2); ask for min &lt;= max, or the same number twice for an exact count</source>
        <translation>GPU 最少数量（%1）大于最多数量（%2）；请让 min &lt;= max，或两者填同一个数以指定确切数量</translation>
    </message>
    <message>
        <source>gpuMilli must be in 1..1000 (a share of one GPU), got %1</source>
        <translation>gpuMilli 必须在 1..1000 之间（一块 GPU 的份额），实际为 %1</translation>
    </message>
    <message>
        <source>a GPU share (gpuMilli %1) is for one GPU, but it asks for %2; share one GPU or ask for whole GPUs</source>
        <translation>GPU 份额（gpuMilli %1）只适用于一块 GPU，但它申请了 %2 块；请共享一块 GPU，或申请整块 GPU</translation>
    </message>
    <message>
        <source>memory must not be negative</source>
        <translation>内存不能为负</translation>
    </message>
    <message>
        <source>CPUs must not be negative, got %1</source>
        <translation>CPU 数量不能为负，实际为 %1</translation>
    </message>
    <message>
        <source>estimated runtime and checkpoint interval must not be negative</source>
        <translation>预计运行时间和检查点间隔不能为负</translation>
    </message>
    <message>
        <source>asks for %1 GPUs; the cluster has %2</source>
        <translation>申请了 %1 块 GPU；集群只有 %2 块</translation>
    </message>
    <message>
        <source>asks for %1 GPUs without gang; the largest node has %2 (set gang to spread it over nodes)</source>
        <translation>未启用成组调度（gang）却申请了 %1 块 GPU；最大的节点只有 %2 块（启用 gang 以跨节点分配）</translation>
    </message>
    <message>
        <source>no node has any of the GPU models it asks for; the cluster has %1</source>
        <translation>没有节点具有它申请的任何 GPU 型号；集群有 %1</translation>
    </message>
    <message>
        <source>asks for %1 GPUs of the models it names; the cluster has %2</source>
        <translation>申请了 %1 块指定型号的 GPU；集群只有 %2 块</translation>
    </message>
    <message>
        <source>asks for %1 CPUs; the largest node has %2</source>
        <translation>申请了 %1 个 CPU；最大的节点只有 %2 个</translation>
    </message>
    <message>
        <source>asks for %1 CPUs; the cluster has %2</source>
        <translation>申请了 %1 个 CPU；集群只有 %2 个</translation>
    </message>
    <message>
        <source>asks for %1 GiB of memory; the largest node has %2 GiB</source>
        <translation>申请了 %1 GiB 内存；最大的节点只有 %2 GiB</translation>
    </message>
    <message>
        <source>asks for %1 GiB of memory; the cluster has %2 GiB</source>
        <translation>申请了 %1 GiB 内存；集群只有 %2 GiB</translation>
    </message>
    <message>
        <source>unknown priority class %1; the policy has %2</source>
        <translation>未知的优先级类别 %1；策略中有 %2</translation>
    </message>
    <message>
        <source>unknown queue %1; the queues are %2</source>
        <translation>未知的队列 %1；现有队列为 %2</translation>
    </message>
    <message>
        <source>asks for %1 GPUs; queue %2 may use at most %3</source>
        <translation>申请了 %1 块 GPU；队列 %2 最多只能使用 %3 块</translation>
    </message>
    <message>
        <source>asks for %1 GiB of memory; queue %2 allows %3 GiB per job</source>
        <translation>申请了 %1 GiB 内存；队列 %2 每个作业最多允许 %3 GiB</translation>
    </message>
    <message>
        <source>depends on unknown job %1</source>
        <translation>依赖未知的作业 %1</translation>
    </message>
    <message>
        <source>SSH: cannot connect (%1): %2</source>
        <translation>SSH：无法连接（%1）：%2</translation>
    </message>
    <message>
        <source>SSH: authentication with %1 failed (%2): %3</source>
        <translation>SSH：使用 %1 进行身份验证失败（%2）：%3</translation>
    </message>
    <message>
        <source>SSH: cannot open a channel to run %1 (%2): %3</source>
        <translation>SSH：无法打开通道来运行 %1（%2）：%3</translation>
    </message>
    <message>
        <source>SSH: cannot run %1 (%2): %3</source>
        <translation>SSH：无法运行 %1（%2）：%3</translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: port &apos;%2&apos; is not a number from 1 to 65535</source>
        <translation>SSH 地址 &apos;%1&apos;：端口 &apos;%2&apos; 不是 1 到 65535 之间的数字</translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: empty user before &apos;@&apos;</source>
        <translation>SSH 地址 &apos;%1&apos;：&apos;@&apos; 之前的用户名为空</translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: &apos;[&apos; without &apos;]&apos;</source>
        <translation>SSH 地址 &apos;%1&apos;：有 &apos;[&apos; 但没有 &apos;]&apos;</translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: expected &apos;:PORT&apos; after &apos;]&apos;</source>
        <translation>SSH 地址 &apos;%1&apos;：&apos;]&apos; 之后应为 &apos;:PORT&apos;</translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: no host</source>
        <translation>SSH 地址 &apos;%1&apos;：没有主机名</translation>
    </message>
    <message>
        <source>SSH address &apos;%1&apos;: user and host may not hold spaces, quotes, slashes or control characters</source>
        <translation>SSH 地址 &apos;%1&apos;：用户名和主机名不能包含空格、引号、斜杠或控制字符</translation>
    </message>
    <message>
        <source>Slurm refused the job: %1</source>
        <translation>Slurm 拒绝了该作业：%1</translation>
    </message>
    <message>
        <source>Slurm (%1): %2</source>
        <translation>Slurm（%1）：%2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Slurm job id</source>
        <translation>&apos;%1&apos; 不是 Slurm 作业 ID</translation>
    </message>
    <message>
        <source>Kubernetes refused the job: %1</source>
        <translation>Kubernetes 拒绝了该作业：%1</translation>
    </message>
    <message>
        <source>Kubernetes (kubectl, %1): %2</source>
        <translation>Kubernetes（kubectl，%1）：%2</translation>
    </message>
    <message>
        <source>Kubernetes API server unreachable (%1): %2</source>
        <translation>无法访问 Kubernetes API 服务器（%1）：%2</translation>
    </message>
    <message>
        <source>a Job named %1 already exists in namespace %2 (kubectl apply: %3); give the job another name or delete the old one</source>
        <translation>命名空间 %2 中已有名为 %1 的 Job（kubectl apply：%3）；请给作业换个名字，或删除旧的 Job</translation>
    </message>
    <message>
        <source>kubectl apply did not report the Job %1: %2</source>
        <translation>kubectl apply 没有报告 Job %1：%2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Kubernetes job id (namespace/name)</source>
        <translation>&apos;%1&apos; 不是 Kubernetes 作业 ID（应为 命名空间/名称）</translation>
    </message>
    <message>
        <source>no job with id %1</source>
        <translation>没有 ID 为 %1 的作业</translation>
    </message>
    <message>
        <source>no job with id &apos;%1&apos;</source>
        <translation>没有 ID 为 &apos;%1&apos; 的作业</translation>
    </message>
    <message>
        <source>job %1 has already ended (%2)</source>
        <translation>作业 %1 已经结束（%2）</translation>
    </message>
    <message>
        <source>job %1 has already ended (%2): submit it again to run it again</source>
        <translation>作业 %1 已经结束（%2）：如需再次运行，请重新提交</translation>
    </message>
    <message>
        <source>job %1 is waiting in the queue already</source>
        <translation>作业 %1 已经在队列中等待</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>no event with id %1</source>
        <translation>没有 ID 为 %1 的事件</translation>
    </message>
    <message>
        <source>job backend &apos;%1&apos; is not configured for this cluster (cluster.yaml jobBackends)</source>
        <translation>此集群未配置作业后端 &apos;%1&apos;（cluster.yaml jobBackends）</translation>
    </message>
    <message>
        <source>job backend &apos;%1&apos; is not configured for this cluster (cluster.yaml jobBackends); known: %2</source>
        <translation>此集群未配置作业后端 &apos;%1&apos;（cluster.yaml jobBackends）；已知的有：%2</translation>
    </message>
    <message>
        <source>the engine runs in real time; only a virtual-time engine can be advanced</source>
        <translation>引擎按真实时间运行；只有虚拟时间的引擎才能推进时间</translation>
    </message>
    <message>
        <source>cannot advance time by a negative amount</source>
        <translation>不能按负值推进时间</translation>
    </message>
    <message>
        <source>cannot advance time by more than 30 days (%1 ms) in one call; advance in steps</source>
        <translation>一次最多只能推进 30 天（%1 毫秒）；请分步推进</translation>
    </message>
    <message>
        <source>unknown fault kind %1</source>
        <translation>未知的故障类型 %1</translation>
    </message>
    <message>
        <source>the engine stopped before it answered</source>
        <translation>引擎在回答之前已停止</translation>
    </message>
    <message>
        <source>%1: Slurm reports an error %2: %3</source>
        <translation>%1：Slurm 报告错误 %2：%3</translation>
    </message>
    <message>
        <source>%1: Slurm reports an error: %2</source>
        <translation>%1：Slurm 报告错误：%2</translation>
    </message>
    <message>
        <source>slurmrestd %1: HTTP %2 (is the token valid for user &apos;%3&apos;?)</source>
        <translation>slurmrestd %1：HTTP %2（该令牌对用户 &apos;%3&apos; 是否有效？）</translation>
    </message>
    <message>
        <source>slurmrestd %1: HTTP %2: %3</source>
        <translation>slurmrestd %1：HTTP %2：%3</translation>
    </message>
    <message>
        <source>slurmrestd has no requeue (jobBackends.slurm.via: cli has, through scontrol): cancel job %1 and submit it again</source>
        <translation>slurmrestd 不支持重新排队（jobBackends.slurm.via: cli 支持，通过 scontrol）：请取消作业 %1 后重新提交</translation>
    </message>
    <message>
        <source>no way to reach this node</source>
        <translation>无法连接到此节点</translation>
    </message>
    <message>
        <source>timed out: discovery took longer than %1 s on this node</source>
        <translation>超时：此节点上的发现用时超过 %1 秒</translation>
    </message>
    <message>
        <source>copying %1 files</source>
        <translation>正在复制 %1 个文件</translation>
    </message>
    <message>
        <source>`%1` exited %2: %3</source>
        <translation>`%1` 以退出码 %2 结束：%3</translation>
    </message>
    <message>
        <source>did not report within %1 s (%2: %3)</source>
        <translation>%1 秒内没有报告（%2：%3）</translation>
    </message>
    <message>
        <source>%1 (its changes were undone)</source>
        <translation>%1（其更改已撤销）</translation>
    </message>
    <message>
        <source>rollback incomplete on %1: %2</source>
        <translation>%1 上的回滚未完成：%2</translation>
    </message>
    <message>
        <source>rolled back after %1 failed</source>
        <translation>因 %1 失败已回滚</translation>
    </message>
    <message>
        <source>GPU count must be at least 1, not %1</source>
        <translation>GPU 数量至少为 1，实际为 %1</translation>
    </message>
    <message>
        <source>node count must not be negative</source>
        <translation>节点数量不能为负</translation>
    </message>
    <message>
        <source>%1 GPUs cannot be split evenly over %2 nodes</source>
        <translation>%1 块 GPU 无法平均分配到 %2 个节点上</translation>
    </message>
    <message>
        <source>%1 GPUs is more than the planner handles (%2)</source>
        <translation>%1 块 GPU 超出了规划器能处理的数量（%2）</translation>
    </message>
    <message>
        <source>tensor and pipeline parallel degrees must be at least 1</source>
        <translation>张量并行度和流水线并行度至少为 1</translation>
    </message>
    <message>
        <source>TP x PP = %1 x %2 needs more than the %3 GPUs asked for</source>
        <translation>TP x PP = %1 x %2 需要的 GPU 多于所申请的 %3 块</translation>
    </message>
    <message>
        <source>%1 GPUs are not divisible by TP x PP = %2 x %3 = %4</source>
        <translation>%1 块 GPU 不能被 TP x PP = %2 x %3 = %4 整除</translation>
    </message>
    <message>
        <source>sequence length must be 1 to %1 tokens, not %2</source>
        <translation>序列长度必须为 1 到 %1 个 token，实际为 %2</translation>
    </message>
    <message>
        <source>MFU must be in (0, 1], not %1</source>
        <translation>MFU 必须在 (0, 1] 之内，实际为 %1</translation>
    </message>
    <message>
        <source>framework reserve must not be negative</source>
        <translation>框架预留内存不能为负</translation>
    </message>
    <message>
        <source>NIC count and speed must not be negative</source>
        <translation>网卡数量和速率不能为负</translation>
    </message>
    <message>
        <source>batch must be 1 to %1, not %2</source>
        <translation>批大小必须为 1 到 %1，实际为 %2</translation>
    </message>
    <message>
        <source>output tokens must not be negative</source>
        <translation>输出 token 数不能为负</translation>
    </message>
    <message>
        <source>%1 has no FP8 math; FP8 needs one of %2</source>
        <translation>%1 不支持 FP8 运算；FP8 需要以下 GPU 之一：%2</translation>
    </message>
    <message>
        <source>ZeRO stage must be 0, 1, 2 or 3 (FSDP full shard is 3), not %1</source>
        <translation>ZeRO 阶段必须为 0、1、2 或 3（FSDP 完全分片即 3），实际为 %1</translation>
    </message>
    <message>
        <source>micro-batch must be 1 to %1, not %2</source>
        <translation>微批大小必须为 1 到 %1，实际为 %2</translation>
    </message>
    <message>
        <source>gradient accumulation steps must be 1 to %1</source>
        <translation>梯度累积步数必须为 1 到 %1</translation>
    </message>
    <message>
        <source>training tokens must not be negative</source>
        <translation>训练 token 数不能为负</translation>
    </message>
    <message>
        <source>overlap must be in [0, 1], not %1</source>
        <translation>重叠比例必须在 [0, 1] 之内，实际为 %1</translation>
    </message>
    <message>
        <source>gradient compression ratio must be in (0, 1] and top-k in [0, 1)</source>
        <translation>梯度压缩比必须在 (0, 1] 之内，top-k 必须在 [0, 1) 之内</translation>
    </message>
    <message>
        <source>%1 has no BF16 math (it predates Ampere); use --precision fp16</source>
        <translation>%1 不支持 BF16 运算（它早于 Ampere 架构）；请使用 --precision fp16</translation>
    </message>
    <message>
        <source>%1 has no FP8 math; FP8 training needs one of %2</source>
        <translation>%1 不支持 FP8 运算；FP8 训练需要以下 GPU 之一：%2</translation>
    </message>
    <message>
        <source>layers must be at most %1 and hidden size, heads and head size at most %2</source>
        <translation>层数最多为 %1，隐藏层大小、注意力头数和头维度最多为 %2</translation>
    </message>
    <message>
        <source>TP %1 does not divide the %2 attention heads</source>
        <translation>TP %1 不能整除 %2 个注意力头</translation>
    </message>
    <message>
        <source>PP %1 exceeds the model&apos;s %2 layers</source>
        <translation>PP %1 超过了模型的 %2 层</translation>
    </message>
    <message>
        <source>model parameters must be a positive number (e.g. 13e9), not %1</source>
        <translation>模型参数量必须为正数（例如 13e9），实际为 %1</translation>
    </message>
    <message>
        <source>layers, hidden, heads, kv heads and head size must not be negative</source>
        <translation>层数、隐藏层大小、注意力头数、KV 头数和头维度不能为负</translation>
    </message>
    <message>
        <source>hidden size %1 is not a multiple of the %2 attention heads; give --head-dim or fix --hidden/--heads</source>
        <translation>隐藏层大小 %1 不是 %2 个注意力头的倍数；请指定 --head-dim，或修改 --hidden/--heads</translation>
    </message>
    <message>
        <source>attention heads (%1) must be a multiple of the KV heads (%2)</source>
        <translation>注意力头数（%1）必须是 KV 头数（%2）的倍数</translation>
    </message>
    <message>
        <source>unknown GPU model &apos;%1&apos;; known models: %2</source>
        <translation>未知的 GPU 型号 &apos;%1&apos;；已知型号：%2</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is not one of %3</source>
        <translation>%1 &apos;%2&apos; 不是以下之一：%3</translation>
    </message>
    <message>
        <source>compression &apos;%1&apos; is not one of none, fp8, ratio:R, topk:F</source>
        <translation>压缩方式 &apos;%1&apos; 不是 none、fp8、ratio:R、topk:F 之一</translation>
    </message>
    <message>
        <source>kv cache &apos;int4&apos; is not supported; use bf16, fp16, fp8 or int8</source>
        <translation>KV 缓存不支持 &apos;int4&apos;；请使用 bf16、fp16、fp8 或 int8</translation>
    </message>
    <message>
        <source>the cluster has no GPUs; name a GPU model</source>
        <translation>集群中没有 GPU；请指定 GPU 型号</translation>
    </message>
    <message>
        <source>declared model: %1</source>
        <translation>声明的模型：%1</translation>
    </message>
    <message>
        <source>the report range is empty: --to must be after --from</source>
        <translation>报告时间范围为空：--to 必须晚于 --from</translation>
    </message>
    <message>
        <source>the range to simulate is empty: --to must be after --from</source>
        <translation>要模拟的时间范围为空：--to 必须晚于 --from</translation>
    </message>
    <message>
        <source>scope &apos;%1&apos;: expected cluster, node:NAME, queue:NAME or job:ID</source>
        <translation>范围 &apos;%1&apos;：应为 cluster、node:NAME、queue:NAME 或 job:ID</translation>
    </message>
    <message>
        <source>scope %1: the snapshot holds only scope %2</source>
        <translation>范围 %1：快照只包含范围 %2</translation>
    </message>
    <message>
        <source>range: the end (%1) is not after the start (%2)</source>
        <translation>时间范围：结束时间（%1）不晚于开始时间（%2）</translation>
    </message>
    <message>
        <source>range %1 to %2 is not inside the snapshot&apos;s, %3 to %4</source>
        <translation>时间范围 %1 至 %2 不在快照的时间范围 %3 至 %4 之内</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>writing a PDF needs a QGuiApplication (run with QT_QPA_PLATFORM=offscreen)</source>
        <translation>写 PDF 需要 QGuiApplication（请以 QT_QPA_PLATFORM=offscreen 运行）</translation>
    </message>
</context>
<context>
    <name>sn::EventDetails</name>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>since %1, ongoing</source>
        <translation>自 %1 起，持续中</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>于 %1</translation>
    </message>
    <message>
        <source>%1 saw %2 = %3 (band %4 to %5)</source>
        <translation>%1 观测到 %2 = %3（正常范围 %4 至 %5）</translation>
    </message>
    <message>
        <source>, peak %1</source>
        <translation>，峰值 %1</translation>
    </message>
    <message>
        <source>job %1</source>
        <translation>作业 %1</translation>
    </message>
    <message>
        <source>template %1</source>
        <translation>模板 %1</translation>
    </message>
    <message>
        <source>resolved by %1 at %2</source>
        <translation>由 %1 于 %2 解决</translation>
    </message>
    <message>
        <source>acknowledged by %1 at %2</source>
        <translation>由 %1 于 %2 确认</translation>
    </message>
    <message>
        <source>action taken: %1</source>
        <translation>已采取的措施：%1</translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>, band %1 to %2</source>
        <translation>，区间 %1 至 %2</translation>
    </message>
</context>
<context>
    <name>sn::EventTableModel</name>
    <message>
        <source>cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation>%1 · GPU %2</translation>
    </message>
    <message>
        <source>resolved by %1</source>
        <translation>由 %1 解决</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>已确认</translation>
    </message>
    <message>
        <source>open</source>
        <translation>未处理</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>What the engine saw</source>
        <translation>引擎观测到的情况</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Action taken</source>
        <translation>已采取的措施</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
</context>
<context>
    <name>sn::EventText</name>
    <message>
        <source>GPU %1 on %2 is throttling at %3 C (slowdown %4 C): check its cooling, or cap its power</source>
        <translation>%2 的 GPU %1 在 %3 C 时降频（降频阈值 %4 C）：请检查其散热，或限制其功率</translation>
    </message>
    <message>
        <source>Xid 48 (uncorrectable ECC error) on GPU %1 on %2: its job was killed; reset the GPU before reuse</source>
        <translation>%2 的 GPU %1 出现 Xid 48（不可纠正的 ECC 错误）：其上的作业已被终止；再次使用前请重置该 GPU</translation>
    </message>
    <message>
        <source>Xid 79 on GPU %1 on %2: the GPU has fallen off the bus; drain the node and power-cycle it</source>
        <translation>%2 的 GPU %1 出现 Xid 79：该 GPU 已从总线上掉线；请排空该节点并断电重启</translation>
    </message>
    <message>
        <source>NVLink down on GPU %1 on %2 (Xid 74): collectives fall back to PCIe and slow down</source>
        <translation>%2 的 GPU %1 NVLink 断开（Xid 74）：集合通信退回 PCIe，速度变慢</translation>
    </message>
    <message>
        <source>Xid 92 (high single-bit ECC error rate) on GPU %1 on %2: the memory still corrects them; plan to drain and reset the GPU</source>
        <translation>%2 的 GPU %1 出现 Xid 92（单比特 ECC 错误率高）：显存仍能纠正这些错误；请安排排空并重置该 GPU</translation>
    </message>
    <message>
        <source>Node %1 is not responding; its jobs were requeued from their last checkpoint</source>
        <translation>节点 %1 无响应；其上的作业已从最近的检查点重新排队</translation>
    </message>
    <message>
        <source>Link down on %1 %2: RDMA traffic stalls until it returns</source>
        <translation>%1 的 %2 链路断开：RDMA 流量将停滞，直到链路恢复</translation>
    </message>
    <message>
        <source>Simulated fault injected: %1 on GPU %2 on %3 for %4 s</source>
        <translation>已注入模拟故障：%3 的 GPU %2 发生 %1，持续 %4 秒</translation>
    </message>
    <message>
        <source>Simulated fault injected: %1 on %2 for %3 s</source>
        <translation>已注入模拟故障：%2 发生 %1，持续 %3 秒</translation>
    </message>
    <message>
        <source>%1: %2 outside its normal band [%3, %4] (%5 detector; worst %6, score %7)</source>
        <translation>%1：%2 超出正常范围 [%3, %4]（%5 检测器；最差 %6，评分 %7）</translation>
    </message>
    <message>
        <source>%1 (by %2 through %3)</source>
        <translation>%1（由 %2 经 %3 执行）</translation>
    </message>
    <message>
        <source>GPU at %1 °C: lowering its power limit %2 W -&gt; %3 W</source>
        <translation>GPU 温度 %1 °C：功率上限由 %2 W 降至 %3 W</translation>
    </message>
    <message>
        <source>GPU cool at %1 °C: raising its power limit %2 W -&gt; %3 W</source>
        <translation>GPU 已降温至 %1 °C：功率上限由 %2 W 升至 %3 W</translation>
    </message>
    <message>
        <source>Dry run, not applied: %1</source>
        <translation>演练，未实际执行：%1</translation>
    </message>
    <message>
        <source>%1 power-capped GPU %2 to %3 W (was %4 W)</source>
        <translation>%1 将 GPU %2 的功率上限降至 %3 W（原为 %4 W）</translation>
    </message>
    <message>
        <source>%1 raised GPU %2&apos;s power limit to %3 W (was %4 W)</source>
        <translation>%1 将 GPU %2 的功率上限升至 %3 W（原为 %4 W）</translation>
    </message>
    <message>
        <source>dry run: would have had %1 power-cap GPU %2 to %3 W (was %4 W)</source>
        <translation>演练：本会由 %1 将 GPU %2 的功率上限降至 %3 W（原为 %4 W）</translation>
    </message>
    <message>
        <source>dry run: would have had %1 raise GPU %2&apos;s power limit to %3 W (was %4 W)</source>
        <translation>演练：本会由 %1 将 GPU %2 的功率上限升至 %3 W（原为 %4 W）</translation>
    </message>
    <message>
        <source>Configuration version %1 applied: %2 nodes, %3 GPUs, telemetry from %4</source>
        <translation>已应用配置版本 %1：%2 个节点，%3 块 GPU，遥测来源 %4</translation>
    </message>
    <message>
        <source>%1 unexplained by power</source>
        <translation>%1 中功率无法解释的部分</translation>
    </message>
    <message>
        <source>dry run</source>
        <translation>演练</translation>
    </message>
    <message>
        <source>%1 (by %2 through %3): failed: %4</source>
        <translation>%1（由 %2 经 %3 执行）：失败：%4</translation>
    </message>
    <message>
        <source>%1 could not power-cap GPU %2 to %3 W: %4</source>
        <translation>%1 未能将 GPU %2 的功率上限降至 %3 W：%4</translation>
    </message>
    <message>
        <source>%1 could not raise the power limit of GPU %2 to %3 W: %4</source>
        <translation>%1 未能将 GPU %2 的功率上限升至 %3 W：%4</translation>
    </message>
    <message>
        <source>%1 hardware changed: %2</source>
        <translation>%1 硬件已变化：%2</translation>
    </message>
    <message>
        <source>New kind of log line from %1 (%2), template %3: %4</source>
        <translation>来自 %1（%2）的新类型日志行，模板 %3：%4</translation>
    </message>
    <message>
        <source>Log template %1 from %2 at %3 lines in %4 s, usually about %5: %6</source>
        <translation>来自 %2 的日志模板 %1 在 %4 秒内出现 %3 行，通常约 %5 行：%6</translation>
    </message>
    <message>
        <source>%1 error lines from %2 within %3 s; the latest (%4): %5</source>
        <translation>%3 秒内来自 %2 的错误行 %1 条；最新一条（%4）：%5</translation>
    </message>
    <message>
        <source>the cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>No telemetry: %1</source>
        <translation>无遥测数据：%1</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Reading %1 again</source>
        <translation>已恢复读取 %1</translation>
    </message>
    <message>
        <source>%1 registered by its agent: %2 GPUs, %3 NVSwitches, %4 NICs</source>
        <translation>%1 已由其代理注册：%2 个 GPU，%3 个 NVSwitch，%4 个网卡</translation>
    </message>
    <message>
        <source>%1 registered by its agent: %2 GPUs, %3 NVSwitches, %4 NICs (not in cluster.yaml)</source>
        <translation>%1 已由其代理注册：%2 个 GPU，%3 个 NVSwitch，%4 个网卡（cluster.yaml 中没有该节点）</translation>
    </message>
    <message>
        <source>cpu_cores %1 -&gt; %2</source>
        <translation>CPU 核数 %1 -&gt; %2</translation>
    </message>
    <message>
        <source>memory %1 -&gt; %2</source>
        <translation>内存 %1 -&gt; %2</translation>
    </message>
    <message>
        <source>GPU%1 gone (%2)</source>
        <translation>GPU%1 已消失（%2）</translation>
    </message>
    <message>
        <source>GPU%1 added (%2, %3)</source>
        <translation>新增 GPU%1（%2，%3）</translation>
    </message>
    <message>
        <source>GPU%1 uuid %2 -&gt; %3</source>
        <translation>GPU%1 UUID %2 -&gt; %3</translation>
    </message>
    <message>
        <source>GPU%1 model %2 -&gt; %3</source>
        <translation>GPU%1 型号 %2 -&gt; %3</translation>
    </message>
    <message>
        <source>GPU%1 memory %2 -&gt; %3</source>
        <translation>GPU%1 显存 %2 -&gt; %3</translation>
    </message>
    <message>
        <source>GPU%1 bus id %2 -&gt; %3</source>
        <translation>GPU%1 总线 ID %2 -&gt; %3</translation>
    </message>
    <message>
        <source>NVSwitches %1 -&gt; %2</source>
        <translation>NVSwitch 数量 %1 -&gt; %2</translation>
    </message>
    <message>
        <source>NIC %1 gone</source>
        <translation>网卡 %1 已消失</translation>
    </message>
    <message>
        <source>NIC %1 added</source>
        <translation>新增网卡 %1</translation>
    </message>
    <message>
        <source>NIC %1 %2 -&gt; %3 Gb/s</source>
        <translation>网卡 %1 速率 %2 -&gt; %3 Gb/s</translation>
    </message>
    <message>
        <source>Job backends not started: %1</source>
        <translation>作业后端未启动：%1</translation>
    </message>
    <message>
        <source>Thermal protection runs as a dry run: %1</source>
        <translation>温度保护以演练模式运行：%1</translation>
    </message>
    <message>
        <source>; </source>
        <extracomment>Between the items of a list of hardware changes.</extracomment>
        <translation>；</translation>
    </message>
    <message>
        <source>Thermal protection cannot cap GPU %1 on %2: %3</source>
        <translation>温度保护无法限制 %2 上 GPU %1 的功率：%3</translation>
    </message>
    <message>
        <source>%1 at idle</source>
        <translation>空闲时的 %1</translation>
    </message>
</context>
<context>
    <name>sn::FreshnessLabel</name>
    <message>
        <source>Time since the engine last sent new numbers.</source>
        <translation>距引擎上次发送新数据的时间。</translation>
    </message>
    <message>
        <source>waiting for data…</source>
        <translation>等待数据…</translation>
    </message>
    <message>
        <source>no update for %1 s</source>
        <translation>%1 秒未更新</translation>
    </message>
    <message>
        <source>updated just now</source>
        <translation>刚刚更新</translation>
    </message>
    <message>
        <source>updated %1 s ago</source>
        <translation>%1 秒前更新</translation>
    </message>
    <message>
        <source>Nothing new has arrived from the engine for more than %1 s.</source>
        <translation>超过 %1 秒未收到引擎的新数据。</translation>
    </message>
</context>
<context>
    <name>sn::GpuChartText</name>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation>已用显存</translation>
    </message>
    <message>
        <source>Memory temperature</source>
        <translation>显存温度</translation>
    </message>
    <message>
        <source>SM clock</source>
        <translation>SM 时钟</translation>
    </message>
    <message>
        <source>PCIe transmit</source>
        <translation>PCIe 发送</translation>
    </message>
    <message>
        <source>PCIe receive</source>
        <translation>PCIe 接收</translation>
    </message>
    <message>
        <source>NVLink transmit</source>
        <translation>NVLink 发送</translation>
    </message>
    <message>
        <source>NVLink receive</source>
        <translation>NVLink 接收</translation>
    </message>
    <message>
        <source>Last 5 minutes</source>
        <translation>最近 5 分钟</translation>
    </message>
    <message>
        <source>Last 15 minutes</source>
        <translation>最近 15 分钟</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>最近 1 小时</translation>
    </message>
    <message>
        <source>Last 6 hours</source>
        <translation>最近 6 小时</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>最近 24 小时</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>job %1 started</source>
        <translation>作业 %1 开始</translation>
    </message>
    <message>
        <source>job %1 ended</source>
        <translation>作业 %1 结束</translation>
    </message>
</context>
<context>
    <name>sn::GpuHeatStrip</name>
    <message>
        <source>no reading</source>
        <translation>无读数</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 · GPU %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 · GPU %2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Node down: its server does not answer</source>
        <translation>节点宕机：服务器无响应</translation>
    </message>
    <message>
        <source>No data: nothing heard from this GPU for a while</source>
        <translation>无数据：一段时间内未收到此 GPU 的数据</translation>
    </message>
    <message>
        <source>Faulted: not usable</source>
        <translation>故障：不可用</translation>
    </message>
    <message>
        <source>Utilization: %1</source>
        <translation>利用率：%1</translation>
    </message>
    <message>
        <source>Temperature: %1</source>
        <translation>温度：%1</translation>
    </message>
    <message>
        <source>Power: %1</source>
        <translation>功耗：%1</translation>
    </message>
    <message>
        <source>node down</source>
        <translation>节点宕机</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>fault</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>0 %</source>
        <translation>0 %</translation>
    </message>
    <message>
        <source>30 °C</source>
        <translation>30 °C</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>90 °C</source>
        <translation>90 °C</translation>
    </message>
    <message>
        <source>faulted</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>Waiting for GPU telemetry…</source>
        <translation>等待 GPU 遥测数据…</translation>
    </message>
</context>
<context>
    <name>sn::GpusPage</name>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation>等待引擎…</translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation>所有节点</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>自定义…</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Follow live</source>
        <translation>跟随实时</translation>
    </message>
    <message>
        <source>Keep the window on the newest data as it arrives</source>
        <translation>新数据到达时保持显示最新数据</translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation>指标(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Node:</source>
        <translation>节点(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation>时间范围(&amp;R)：</translation>
    </message>
    <message>
        <source>← All GPUs</source>
        <translation>← 所有 GPU</translation>
    </message>
    <message>
        <source>Not reported by this GPU in this range</source>
        <translation>此 GPU 在该时间范围内未上报</translation>
    </message>
    <message>
        <source>The engine did not answer: %1</source>
        <translation>引擎无响应：%1</translation>
    </message>
    <message>
        <source>GPUs — %1</source>
        <translation>GPU — %1</translation>
    </message>
    <message>
        <source>The end of the range must come after its start.</source>
        <translation>范围的结束时间必须晚于开始时间。</translation>
    </message>
    <message>
        <source>%1 — down</source>
        <translation>%1 — 宕机</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>Click for all metrics of %1 GPU %2</source>
        <translation>点击查看 %1 GPU %2 的全部指标</translation>
    </message>
    <message>
        <source>Showing %1 of %2 GPUs. Pick a node to see the others.</source>
        <translation>显示 %2 个 GPU 中的 %1 个。选择节点以查看其他 GPU。</translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation>%1 · GPU %2</translation>
    </message>
    <message>
        <source>%1 · GPU %2 · %3</source>
        <translation>%1 · GPU %2 · %3</translation>
    </message>
    <message>
        <source>%1 – %2 · %3 points</source>
        <translation>%1 – %2 · %3 个数据点</translation>
    </message>
    <message>
        <source>Click to show every GPU again</source>
        <translation>点击重新显示所有 GPU</translation>
    </message>
    <message>
        <source>%1 ✕</source>
        <translation>%1 ✕</translation>
    </message>
</context>
<context>
    <name>sn::JobDetails</name>
    <message>
        <source>Submitted</source>
        <translation>提交于</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始于</translation>
    </message>
    <message>
        <source>%1 (after %2 waiting)</source>
        <translation>%1（等待了 %2）</translation>
    </message>
    <message>
        <source>Ran for</source>
        <translation>运行时长</translation>
    </message>
    <message>
        <source>Running for</source>
        <translation>已运行</translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation>已等待</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>结束于</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>退出码</translation>
    </message>
    <message>
        <source>%1 of one GPU</source>
        <translation>一块 GPU 的 %1</translation>
    </message>
    <message>
        <source>, all at once (gang)</source>
        <translation>，同时分配（gang）</translation>
    </message>
    <message>
        <source> over %1 nodes</source>
        <translation>，分布在 %1 个节点上</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Host memory</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>每块 GPU %1</translation>
    </message>
    <message>
        <source>Expected run time</source>
        <translation>预计运行时间</translation>
    </message>
    <message>
        <source>Checkpoints</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>every %1</source>
        <translation>每 %1</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Backend job</source>
        <translation>后端作业</translation>
    </message>
    <message>
        <source>Backend state</source>
        <translation>后端状态</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Backend nodes</source>
        <translation>后端节点</translation>
    </message>
    <message>
        <source>Cannot read its logs: %1</source>
        <translation>无法读取其日志：%1</translation>
    </message>
    <message>
        <source>No log lines from this job yet.</source>
        <translation>此作业尚无日志行。</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 天 %2 小时</translation>
    </message>
    <message>
        <source>job %1</source>
        <translation>作业 %1</translation>
    </message>
    <message>
        <source>user %1</source>
        <translation>用户 %1</translation>
    </message>
    <message>
        <source>queue %1</source>
        <translation>队列 %1</translation>
    </message>
    <message>
        <source>priority %1</source>
        <translation>优先级 %1</translation>
    </message>
    <message>
        <source>simulated</source>
        <translation>模拟</translation>
    </message>
    <message>
        <source>The scheduler has not said why yet.</source>
        <translation>调度器尚未给出原因。</translation>
    </message>
    <message>
        <source>(number %1 in the scheduling order)</source>
        <translation>（调度顺序第 %1 位）</translation>
    </message>
    <message>
        <source>Why it waits:</source>
        <translation>等待原因：</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>放置</translation>
    </message>
    <message>
        <source>No GPUs held.</source>
        <translation>未占用 GPU。</translation>
    </message>
    <message>
        <source>Asked for</source>
        <translation>申请的资源</translation>
    </message>
    <message>
        <source>Recent log lines</source>
        <translation>最近的日志行</translation>
    </message>
    <message>
        <source>Times preempted</source>
        <translation>被抢占次数</translation>
    </message>
    <message>
        <source>Times requeued after faults</source>
        <translation>因故障重新排队次数</translation>
    </message>
</context>
<context>
    <name>sn::JobPreviewPanel</name>
    <message>
        <source>embedded (this engine&apos;s scheduler)</source>
        <translation>内置（本引擎的调度器）</translation>
    </message>
    <message>
        <source>Slurm</source>
        <translation>Slurm</translation>
    </message>
    <message>
        <source>Kubernetes</source>
        <translation>Kubernetes</translation>
    </message>
    <message>
        <source>Runs on:</source>
        <translation>运行于：</translation>
    </message>
    <message>
        <source>%1 (%2), sent to: %3</source>
        <translation>%1（%2），提交到：%3</translation>
    </message>
</context>
<context>
    <name>sn::JobSubmitDialog</name>
    <message>
        <source>Submit job</source>
        <translation>提交作业</translation>
    </message>
    <message>
        <source>The model will not fit</source>
        <translation>模型放不下</translation>
    </message>
    <message>
        <source>

Submit anyway?</source>
        <translation>

仍然提交？</translation>
    </message>
    <message>
        <source>(no template)</source>
        <translation>（无模板）</translation>
    </message>
    <message>
        <source>Template:</source>
        <translation>模板：</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>Thousandths of one GPU; below 1000 shares a GPU (MIG, MPS, time-slicing).</source>
        <translation>以千分之一 GPU 为单位；低于 1000 表示共享 GPU（MIG、MPS、时间片）。</translation>
    </message>
    <message>
        <source>any (the cluster&apos;s)</source>
        <translation>任意（集群现有型号）</translation>
    </message>
    <message>
        <source>all-or-nothing across nodes</source>
        <translation>跨节点全部成功或全部不分配</translation>
    </message>
    <message>
        <source>Nodes the GPUs are spread over evenly (Slurm --nodes, Kubernetes pods).</source>
        <translation>GPU 平均分布到的节点数（Slurm --nodes，Kubernetes Pod）。</translation>
    </message>
    <message>
        <source>the cluster&apos;s (jobBackends.kubernetes.image)</source>
        <translation>集群默认（jobBackends.kubernetes.image）</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>preprocessing</source>
        <translation>预处理</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation>优先级类</translation>
    </message>
    <message>
        <source>GPUs (min)</source>
        <translation>GPU 数（最少）</translation>
    </message>
    <message>
        <source>GPUs (max)</source>
        <translation>GPU 数（最多）</translation>
    </message>
    <message>
        <source>GPU share (milli)</source>
        <translation>GPU 份额（千分之一）</translation>
    </message>
    <message>
        <source>GPU model</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU 数</translation>
    </message>
    <message>
        <source>Host memory (GiB)</source>
        <translation>主机内存 (GiB)</translation>
    </message>
    <message>
        <source>GPU memory per GPU (GiB)</source>
        <translation>每 GPU 显存 (GiB)</translation>
    </message>
    <message>
        <source>Gang</source>
        <translation>成组调度</translation>
    </message>
    <message>
        <source>Estimated runtime (min)</source>
        <translation>预计运行时间（分钟）</translation>
    </message>
    <message>
        <source>Checkpoint interval (min)</source>
        <translation>检查点间隔（分钟）</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Container image</source>
        <translation>容器镜像</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Declared model (checked by the planner)</source>
        <translation>声明的模型（由规划器检查）</translation>
    </message>
    <message>
        <source> B parameters</source>
        <translation> B 参数</translation>
    </message>
    <message>
        <source>refuse the job if it cannot fit</source>
        <translation>放不下时拒绝该作业</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>负载类型</translation>
    </message>
    <message>
        <source>Model size</source>
        <translation>模型规模</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Micro-batch / batch</source>
        <translation>微批次 / 批次</translation>
    </message>
    <message>
        <source>Checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>Single-GPU notebook</source>
        <translation>单 GPU Notebook</translation>
    </message>
    <message>
        <source>8-GPU training</source>
        <translation>8 GPU 训练</translation>
    </message>
    <message>
        <source>Multi-node gang training</source>
        <translation>多节点成组训练</translation>
    </message>
    <message>
        <source>Data preprocessing</source>
        <translation>数据预处理</translation>
    </message>
    <message>
        <source>Give the job a name.</source>
        <translation>请为作业命名。</translation>
    </message>
    <message>
        <source>Say which user runs the job.</source>
        <translation>请指定运行作业的用户。</translation>
    </message>
    <message>
        <source>GPUs (min) must not exceed GPUs (max).</source>
        <translation>GPU 数（最少）不能超过 GPU 数（最多）。</translation>
    </message>
    <message>
        <source>A GPU share below 1000 milli is for single-GPU jobs.</source>
        <translation>低于 1000 的 GPU 份额只适用于单 GPU 作业。</translation>
    </message>
    <message>
        <source>Environment line %1 is not KEY=value: &apos;%2&apos;</source>
        <translation>环境变量第 %1 行不是 KEY=value 格式：&apos;%2&apos;</translation>
    </message>
    <message>
        <source>Declare the model to see whether it fits.</source>
        <translation>声明模型以查看能否放下。</translation>
    </message>
    <message>
        <source>The engine refused the job: %1</source>
        <translation>引擎拒绝了该作业：%1</translation>
    </message>
    <message>
        <source>KEY=value, one per line</source>
        <translation>KEY=value，每行一个</translation>
    </message>
    <message>
        <source>Batch options (Slurm, Kubernetes)</source>
        <translation>批处理选项（Slurm、Kubernetes）</translation>
    </message>
    <message>
        <source>the backend&apos;s default</source>
        <translation>后端默认值</translation>
    </message>
    <message>
        <source>the partition&apos;s</source>
        <translation>分区默认值</translation>
    </message>
    <message>
        <source>Hard wall-clock limit in minutes (sbatch --time); the job is stopped there.</source>
        <translation>以分钟计的硬性运行时限（sbatch --time）；到时作业会被停止。</translation>
    </message>
    <message>
        <source>afterok:&lt;job id&gt;, singleton, ...</source>
        <translation>afterok:&lt;job id&gt;、singleton……</translation>
    </message>
    <message>
        <source>Start only after these (sbatch --dependency), separated by commas or spaces.</source>
        <translation>仅在这些条件满足后启动（sbatch --dependency），以逗号或空格分隔。</translation>
    </message>
    <message>
        <source>may be requeued after preemption or node failure</source>
        <translation>被抢占或节点故障后可重新排队</translation>
    </message>
    <message>
        <source>the submitting user&apos;s home</source>
        <translation>提交用户的主目录</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>分区</translation>
    </message>
    <message>
        <source>Time limit (min)</source>
        <translation>时限（分钟）</translation>
    </message>
    <message>
        <source>Tasks per node</source>
        <translation>每节点任务数</translation>
    </message>
    <message>
        <source>Dependencies</source>
        <translation>依赖</translation>
    </message>
    <message>
        <source>Requeue</source>
        <translation>重新排队</translation>
    </message>
    <message>
        <source>Working directory</source>
        <translation>工作目录</translation>
    </message>
</context>
<context>
    <name>sn::JobTableModel</name>
    <message>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>preempted</source>
        <translation>已抢占</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>放置</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>等待时间</translation>
    </message>
    <message>
        <source>Why pending</source>
        <translation>等待原因</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>排队位置</translation>
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
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
</context>
<context>
    <name>sn::JobsPage</name>
    <message>
        <source>&lt;b&gt;Job queue&lt;/b&gt;</source>
        <translation>&lt;b&gt;作业队列&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Submit job…</source>
        <translation>提交作业…</translation>
    </message>
    <message>
        <source>Cannot list jobs: %1</source>
        <translation>无法列出作业：%1</translation>
    </message>
    <message>
        <source>%1 running, %2 pending</source>
        <translation>%1 个运行中，%2 个等待中</translation>
    </message>
    <message>
        <source>submit jobs</source>
        <translation>提交作业</translation>
    </message>
    <message>
        <source>Open the job submitter: a spec, its plan and what the backend would be sent</source>
        <translation>打开作业提交器:作业规格、其规划以及将发送给后端的内容</translation>
    </message>
    <message>
        <source>Cancel job</source>
        <translation>取消作业</translation>
    </message>
    <message>
        <source>Filter: ID, name, user, command or node</source>
        <translation>筛选：ID、名称、用户、命令或节点</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>全部状态</translation>
    </message>
    <message>
        <source>Pending or running</source>
        <translation>等待或运行中</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>All queues</source>
        <translation>全部队列</translation>
    </message>
    <message>
        <source>Resubmit…</source>
        <translation>重新提交…</translation>
    </message>
    <message>
        <source>GPU charts</source>
        <translation>GPU 图表</translation>
    </message>
    <message>
        <source>cancel jobs</source>
        <translation>取消作业</translation>
    </message>
    <message>
        <source>Select a job to cancel it.</source>
        <translation>选择一个作业以取消它。</translation>
    </message>
    <message>
        <source>The job has ended.</source>
        <translation>该作业已结束。</translation>
    </message>
    <message>
        <source>Stop the job and release its GPUs (Delete)</source>
        <translation>停止该作业并释放其 GPU（Delete 键）</translation>
    </message>
    <message>
        <source>Select a job to submit it again.</source>
        <translation>选择一个作业以重新提交。</translation>
    </message>
    <message>
        <source>Open the submitter filled in with this job&apos;s spec, to submit it again as it was or changed</source>
        <translation>打开已填入此作业规格的提交器，原样或修改后重新提交</translation>
    </message>
    <message>
        <source>The job holds no GPUs.</source>
        <translation>该作业未占用 GPU。</translation>
    </message>
    <message>
        <source>Submitted job %1.</source>
        <translation>已提交作业 %1。</translation>
    </message>
    <message>
        <source>Resubmit job %1</source>
        <translation>重新提交作业 %1</translation>
    </message>
    <message>
        <source>Select a job to see its timeline, placement and logs.</source>
        <translation>选择一个作业以查看其时间线、放置和日志。</translation>
    </message>
    <message>
        <source>Job %1 is no longer in the queue.</source>
        <translation>作业 %1 已不在队列中。</translation>
    </message>
    <message>
        <source>Cancel job %1 (%2)? It has not started yet.</source>
        <translation>取消作业 %1（%2）？它尚未开始。</translation>
    </message>
    <message>
        <source>Cancelled job %1.</source>
        <translation>已取消作业 %1。</translation>
    </message>
    <message>
        <source>Cannot cancel job %1: %2</source>
        <translation>无法取消作业 %1：%2</translation>
    </message>
    <message>
        <source> · %1 of %2 shown</source>
        <translation> · 显示 %1 / %2 个</translation>
    </message>
    <message>
        <source>Cancel job %1 (%2)? It is running on %3; work since its last checkpoint is lost.</source>
        <translation>取消作业 %1（%2）？它正在 %3 上运行；自上一个检查点以来的工作将丢失。</translation>
    </message>
    <message>
        <source>Requeue</source>
        <translation>重新排队</translation>
    </message>
    <message>
        <source>On topology</source>
        <translation>在拓扑中显示</translation>
    </message>
    <message>
        <source>requeue jobs</source>
        <translation>重新排队作业</translation>
    </message>
    <message>
        <source>Select a running job to requeue it.</source>
        <translation>选择一个运行中的作业以重新排队。</translation>
    </message>
    <message>
        <source>Only a running job can be requeued; an ended one can be resubmitted.</source>
        <translation>只有运行中的作业可以重新排队；已结束的作业可以重新提交。</translation>
    </message>
    <message>
        <source>Stop the job and put it back in the queue under the same id; it restarts from its last checkpoint</source>
        <translation>停止该作业并以相同 ID 放回队列；它将从上一个检查点重新开始</translation>
    </message>
    <message>
        <source>Its GPUs highlighted on the Topology page</source>
        <translation>在拓扑页面高亮显示它的 GPU</translation>
    </message>
    <message>
        <source>Requeue job %1 (%2)? It stops on %3 and waits in the queue again under the same id; work since its last checkpoint is lost.</source>
        <translation>将作业 %1（%2）重新排队？它将在 %3 上停止并以相同 ID 重新排队等待；自上一个检查点以来的工作将丢失。</translation>
    </message>
    <message>
        <source>Requeued job %1.</source>
        <translation>已将作业 %1 重新排队。</translation>
    </message>
    <message>
        <source>Cannot requeue job %1: %2</source>
        <translation>无法将作业 %1 重新排队：%2</translation>
    </message>
    <message>
        <source>Its GPU&apos;s charts over the job&apos;s run</source>
        <translation>该作业运行期间其 GPU 的图表</translation>
    </message>
    <message>
        <source>Its GPUs&apos; charts side by side over the job&apos;s run</source>
        <translation>该作业运行期间其各 GPU 的图表并排显示</translation>
    </message>
</context>
<context>
    <name>sn::LanguageMenu</name>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>sn::LocalEngine</name>
    <message>
        <source>embedded, virtual time</source>
        <translation>内嵌，虚拟时间</translation>
    </message>
    <message>
        <source>embedded</source>
        <translation>内嵌</translation>
    </message>
</context>
<context>
    <name>sn::LogTableModel</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>日志行</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
</context>
<context>
    <name>sn::LogTemplateTableModel</name>
    <message>
        <source>%1
template %2 · %3 lines since the engine learnt it</source>
        <translation>%1
模板 %2 · 引擎学到该模板以来共 %3 行</translation>
    </message>
    <message>
        <source>lines per %1 s, oldest left; newest bucket: %2</source>
        <translation>每 %1 秒的行数，最早的在左；最新区间：%2</translation>
    </message>
    <message>
        <source>(template %1)</source>
        <translation>（模板 %1）</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
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
        <source>Rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>首次出现</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>最后出现</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
</context>
<context>
    <name>sn::LogTemplatesPanel</name>
    <message>
        <source>Click a template to show only its lines in the live log</source>
        <translation>点击模板，在实时日志中只显示它的行</translation>
    </message>
    <message>
        <source>Search templates</source>
        <translation>搜索模板</translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation>所有节点</translation>
    </message>
    <message>
        <source>The engine did not answer: %1</source>
        <translation>引擎无响应：%1</translation>
    </message>
    <message>
        <source>%1 templates (the busiest; more exist)</source>
        <translation>%1 个模板（最活跃的；还有更多）</translation>
    </message>
    <message>
        <source>%1 templates</source>
        <translation>%1 个模板</translation>
    </message>
</context>
<context>
    <name>sn::LogsPage</name>
    <message>
        <source>Logs &amp; anomalies</source>
        <translation>日志与异常</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Warning and worse</source>
        <translation>警告及以上</translation>
    </message>
    <message>
        <source>Error and worse</source>
        <translation>错误及以上</translation>
    </message>
    <message>
        <source>Open only</source>
        <translation>仅未处理</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Mark the selected anomaly as seen; it stays in the list</source>
        <translation>将所选异常标记为已查看；它仍保留在列表中</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>解决</translation>
    </message>
    <message>
        <source>Close the selected anomaly: it was dealt with (acknowledges it too)</source>
        <translation>关闭所选异常：已处理完毕（同时确认）</translation>
    </message>
    <message>
        <source>Show chart</source>
        <translation>显示图表</translation>
    </message>
    <message>
        <source>The selected anomaly&apos;s GPU on the GPUs page, around its time</source>
        <translation>在 GPU 页显示所选异常的 GPU 在其发生时间前后的图表</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Anomalies and events</source>
        <translation>异常与事件(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Templates</source>
        <translation>模板(&amp;T)</translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation>所有节点</translation>
    </message>
    <message>
        <source>all sources</source>
        <translation>所有来源</translation>
    </message>
    <message>
        <source>All GPUs</source>
        <translation>所有 GPU</translation>
    </message>
    <message>
        <source>job id</source>
        <translation>作业 ID</translation>
    </message>
    <message>
        <source>Search text (Ctrl+F)</source>
        <translation>搜索文本 (Ctrl+F)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Stop adding new lines while you read; they wait and are added on resume</source>
        <translation>阅读时暂停添加新行；新行会暂存，继续时再添加</translation>
    </message>
    <message>
        <source>Live log</source>
        <translation>实时日志</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>The engine did not answer: %1</source>
        <translation>引擎无响应：%1</translation>
    </message>
    <message>
        <source>%1 – %2 ✕</source>
        <translation>%1 – %2 ✕</translation>
    </message>
    <message>
        <source>Only lines from two minutes before the anomaly to two minutes after it; click to show all times</source>
        <translation>仅显示异常前后各两分钟内的行；点击显示全部时间</translation>
    </message>
    <message>
        <source>Template %1 ✕</source>
        <translation>模板 %1 ✕</translation>
    </message>
    <message>
        <source>Click to show every template</source>
        <translation>点击显示所有模板</translation>
    </message>
    <message>
        <source>%1
Click to show every template</source>
        <translation>%1
点击显示所有模板</translation>
    </message>
    <message>
        <source>Not acknowledged: %1</source>
        <translation>未能确认：%1</translation>
    </message>
    <message>
        <source>Not resolved: %1</source>
        <translation>未能解决：%1</translation>
    </message>
    <message>
        <source>Your role may not change events: %1</source>
        <translation>你的角色无权更改事件：%1</translation>
    </message>
    <message>
        <source>No events yet — nothing needs attention</source>
        <translation>暂无事件 — 无需处理</translation>
    </message>
    <message>
        <source>%1 open · %2 shown</source>
        <translation>%1 个未处理 · 显示 %2 个</translation>
    </message>
    <message>
        <source>%1 of %2 lines</source>
        <translation>%2 行中的 %1 行</translation>
    </message>
    <message>
        <source>%1 of %2 lines · %3 waiting</source>
        <translation>%2 行中的 %1 行 · %3 行待添加</translation>
    </message>
    <message>
        <source>acknowledge or resolve anomalies</source>
        <translation>确认或解决异常</translation>
    </message>
    <message>
        <source>Click for the GPU&apos;s charts on the GPUs page</source>
        <translation>点击在 GPU 页面查看该 GPU 的图表</translation>
    </message>
    <message>
        <source>All levels</source>
        <translation>所有级别</translation>
    </message>
    <message>
        <source>Critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>A line&apos;s level: its GPU failure signature&apos;s, else the level it writes</source>
        <translation>日志行的级别：取其 GPU 故障特征的级别，否则取该行自身写明的级别</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>任意时间</translation>
    </message>
    <message>
        <source>Last 5 minutes</source>
        <translation>最近 5 分钟</translation>
    </message>
    <message>
        <source>Last 15 minutes</source>
        <translation>最近 15 分钟</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>最近 1 小时</translation>
    </message>
    <message>
        <source>Up to the newest line; the window moves on as lines come</source>
        <translation>截至最新一行；随新日志到来而移动</translation>
    </message>
    <message>
        <source>%1 · %2 GPU %3</source>
        <translation>%1 · %2 GPU %3</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>No chart: %1</source>
        <translation>无图表：%1</translation>
    </message>
    <message>
        <source>No samples around this time</source>
        <translation>此时间前后没有采样</translation>
    </message>
</context>
<context>
    <name>sn::MainWindow</name>
    <message>
        <source>SuperNode Console</source>
        <translation>SuperNode 控制台</translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation>%1 (Ctrl+%2)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Set up a cluster...</source>
        <translation>部署集群(&amp;S)...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <source>Engine: %1</source>
        <translation>引擎：%1</translation>
    </message>
    <message>
        <source>Where the engine runs that this console shows.</source>
        <translation>本控制台所显示的引擎的运行位置。</translation>
    </message>
    <message>
        <source>Engine: %1 · connected</source>
        <translation>引擎：%1 · 已连接</translation>
    </message>
    <message>
        <source>Reconnected to %1</source>
        <translation>已重新连接到 %1</translation>
    </message>
    <message>
        <source>Engine: %1 — disconnected, reconnecting</source>
        <translation>引擎：%1 — 已断开，正在重连</translation>
    </message>
    <message>
        <source>Lost the engine at %1: %2</source>
        <translation>与 %1 上的引擎失去连接：%2</translation>
    </message>
    <message>
        <source>Engine: %1 · %2</source>
        <translation>引擎：%1 · %2</translation>
    </message>
    <message>
        <source>%1 (simulated) — SuperNode Console</source>
        <translation>%1（模拟）— SuperNode 控制台</translation>
    </message>
    <message>
        <source>%1 — SuperNode Console</source>
        <translation>%1 — SuperNode 控制台</translation>
    </message>
    <message>
        <source>simulated super node</source>
        <translation>模拟超节点</translation>
    </message>
    <message>
        <source>telemetry from %1</source>
        <translation>遥测来自 %1</translation>
    </message>
    <message>
        <source>telemetry from %1 (%2 of %3 sources not answering)</source>
        <translation>遥测来自 %1（%3 个数据源中 %2 个无响应）</translation>
    </message>
    <message>
        <source>Engine: %1 — error</source>
        <translation>引擎：%1 — 出错</translation>
    </message>
    <message>
        <source>The engine did not answer: %1</source>
        <translation>引擎无响应：%1</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>&amp;Connection</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>New cluster</source>
        <translation>新集群</translation>
    </message>
    <message>
        <source>New cluster %1</source>
        <translation>新集群 %1</translation>
    </message>
    <message>
        <source>Role: …</source>
        <translation>角色:…</translation>
    </message>
    <message>
        <source>Asking the engine who this console is to it</source>
        <translation>正在询问引擎本控制台的身份</translation>
    </message>
    <message>
        <source>Role: unknown</source>
        <translation>角色:未知</translation>
    </message>
    <message>
        <source>The engine did not say who this console is: %1</source>
        <translation>引擎未说明本控制台的身份:%1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>This console&apos;s token names %1, role %2 (engine version %3)</source>
        <translation>本控制台的令牌属于 %1,角色 %2(引擎版本 %3)</translation>
    </message>
    <message>
        <source>Nobody is asked for a token here: this console is %1, role %2 (engine version %3)</source>
        <translation>此处无需令牌:本控制台为 %1,角色 %2(引擎版本 %3)</translation>
    </message>
    <message>
        <source>Job %1&apos;s GPUs</source>
        <translation>作业 %1 的 GPU</translation>
    </message>
</context>
<context>
    <name>sn::MetricChart</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>%1 %2
%3</source>
        <translation>%1 %2
%3</translation>
    </message>
</context>
<context>
    <name>sn::NcclAdvice</name>
    <message>
        <source>the %1 RDMA NIC(s) of this node by exact name (&apos;=&apos;: mlx5_1 must not also match mlx5_10)</source>
        <translation>本节点的 %1 块 RDMA 网卡，按确切名称指定（&apos;=&apos;：mlx5_1 不得同时匹配 mlx5_10）</translation>
    </message>
    <message>
        <source>the %1 RDMA NIC(s) of this node by exact name (&apos;=&apos;: mlx5_1 must not also match mlx5_10); left out because their port is down: %2</source>
        <translation>本节点的 %1 块 RDMA 网卡，按确切名称指定（&apos;=&apos;：mlx5_1 不得同时匹配 mlx5_10）；端口已断开而未列入：%2</translation>
    </message>
    <message>
        <source>RoCE: the GID of the RoCE v2 IPv4 address on every NIC (routable, and what PFC/ECN QoS is set up for); older NCCL otherwise uses GID 0, RoCE v1 link-local</source>
        <translation>RoCE：每块网卡上 RoCE v2 IPv4 地址的 GID（可路由，也是 PFC/ECN QoS 所配置的对象）；否则旧版 NCCL 会用 GID 0，即 RoCE v1 链路本地地址</translation>
    </message>
    <message>
        <source>RoCE NICs put their RoCE v2 IPv4 GID at different indices; NCCL_IB_GID_INDEX takes one. Set NCCL_IB_ROCE_VERSION_NUM=2 and NCCL_IB_ADDR_FAMILY=AF_INET (NCCL 2.21+) instead</source>
        <translation>各 RoCE 网卡的 RoCE v2 IPv4 GID 索引各不相同，而 NCCL_IB_GID_INDEX 只能取一个值。请改为设置 NCCL_IB_ROCE_VERSION_NUM=2 和 NCCL_IB_ADDR_FAMILY=AF_INET（NCCL 2.21 及以上）</translation>
    </message>
    <message>
        <source>RoCE GID index unknown for %1: run `ibv_devinfo -v` on the node (discovery reads it) to choose NCCL_IB_GID_INDEX</source>
        <translation>%1 的 RoCE GID 索引未知：请在该节点上运行 `ibv_devinfo -v`（发现步骤会读取其输出），以确定 NCCL_IB_GID_INDEX</translation>
    </message>
    <message>
        <source>bootstrap (and the socket transport) on %1; unset, NCCL may take docker0, a bridge or a link-local port and hang connecting</source>
        <translation>引导连接（以及套接字传输）走 %1；不设置时，NCCL 可能选中 docker0、网桥或链路本地端口，并在建立连接时挂起</translation>
    </message>
    <message>
        <source>no Ethernet interface known for NCCL_SOCKET_IFNAME: run `ip -j link` (discovery reads it)</source>
        <translation>没有可用于 NCCL_SOCKET_IFNAME 的已知以太网接口：请运行 `ip -j link`（发现步骤会读取其输出）</translation>
    </message>
    <message>
        <source>no RDMA NIC on this node: across nodes NCCL runs over sockets; disabling IB skips the verbs probe and makes the choice explicit in the logs</source>
        <translation>本节点没有 RDMA 网卡：跨节点时 NCCL 经套接字通信；禁用 IB 可跳过 verbs 探测，并在日志中明确记下这一选择</translation>
    </message>
    <message>
        <source>every GPU has an RDMA NIC behind a shared PCIe switch: GPUDirect RDMA goes NIC-GPU without the CPU (NCCL&apos;s default level, stated so a driver update that misreads the topology cannot quietly turn it off)</source>
        <translation>每块 GPU 都与一块 RDMA 网卡共用 PCIe 交换芯片：GPUDirect RDMA 在网卡与 GPU 之间直传，不经 CPU（这是 NCCL 的默认级别；明确写出，以免驱动更新误读拓扑后悄悄将其关闭）</translation>
    </message>
    <message>
        <source>%1 reach their nearest NIC only through the CPU (%2): GPUDirect RDMA through the root complex is usually slower than staging in host memory, so keep it to GPUs that share a switch with a NIC (do not raise it to PHB/SYS)</source>
        <translation>%1 只能经 CPU 到达最近的网卡（%2）：经根复合体的 GPUDirect RDMA 通常比在主机内存中中转更慢，因此仅对与网卡共用交换芯片的 GPU 启用（不要提高到 PHB/SYS）</translation>
    </message>
    <message>
        <source>the PCIe path from some GPUs to the NICs is unknown (no `nvidia-smi topo -m`), so NCCL_NET_GDR_LEVEL is not recommended</source>
        <translation>部分 GPU 到网卡的 PCIe 路径未知（缺少 `nvidia-smi topo -m`），因此不推荐 NCCL_NET_GDR_LEVEL 的取值</translation>
    </message>
    <message>
        <source>NVSwitch with in-switch reduction (NVLink %1): 1 GiB all-reduce busbw %2 GB/s with NVLS vs %3 GB/s by ring (cost model); needs the fabric manager and NCCL 2.17+</source>
        <translation>支持交换机内归约的 NVSwitch（NVLink %1）：1 GiB all-reduce 的 busbw 用 NVLS 为 %2 GB/s，用环形算法为 %3 GB/s（成本模型）；需要 Fabric Manager 和 NCCL 2.17 及以上</translation>
    </message>
    <message>
        <source>rail-optimised wiring: NIC k of every node is on the leaf of rail k, so rings that keep each channel on the same rail on both nodes never cross the spine</source>
        <translation>按轨道优化的布线：每个节点的第 k 块网卡都接在第 k 条轨道的叶交换机上，因此两端都在同一轨道上的通道所组成的环永远不会经过脊交换机</translation>
    </message>
    <message>
        <source># note: %1</source>
        <translation># 注意：%1</translation>
    </message>
</context>
<context>
    <name>sn::NetworkPage</name>
    <message>
        <source>Network and topology</source>
        <translation>网络与拓扑</translation>
    </message>
    <message>
        <source>How the GPUs and NICs are joined, as discovered, and the NCCL settings that follow from it.</source>
        <translation>发现到的 GPU 与网卡互连方式，以及由此得出的 NCCL 设置。</translation>
    </message>
    <message>
        <source># %1
</source>
        <translation># %1
</translation>
    </message>
    <message>
        <source># single point of failure: no RDMA NIC; inter-node traffic shares the one Ethernet path
</source>
        <translation># 单点故障：没有 RDMA 网卡；节点间流量共用唯一的以太网链路
</translation>
    </message>
    <message>
        <source># single point of failure: one RDMA NIC; losing it cuts the node off the fabric
</source>
        <translation># 单点故障：只有一块 RDMA 网卡；它失效时节点将与网络断开
</translation>
    </message>
    <message>
        <source># rail alignment: %1 NICs for %2 GPUs; one NIC per GPU keeps each rail on its own leaf
</source>
        <translation># 轨道对齐：%2 个 GPU 配 %1 块网卡；每个 GPU 一块网卡可使每条轨道连到各自的 leaf 交换机
</translation>
    </message>
</context>
<context>
    <name>sn::NodesPage</name>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>The GPU servers, one per line as user@host or user@host:port. They are reached over SSH with ssh-agent or a key file; passwords are not used.</source>
        <translation>GPU 服务器，每行一个，格式为 user@host 或 user@host:port。通过 SSH 使用 ssh-agent 或密钥文件连接；不使用密码。</translation>
    </message>
    <message>
        <source>admin@10.0.0.11
admin@10.0.0.12
...</source>
        <translation>admin@10.0.0.11
admin@10.0.0.12
...</translation>
    </message>
    <message>
        <source>&amp;Add these servers</source>
        <translation>添加这些服务器(&amp;A)</translation>
    </message>
    <message>
        <source>Re&amp;move selected</source>
        <translation>移除所选(&amp;M)</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Key file (empty: ssh-agent)</source>
        <translation>密钥文件（留空：使用 ssh-agent）</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>&amp;Test connections</source>
        <translation>测试连接(&amp;T)</translation>
    </message>
    <message>
        <source>A&amp;ccept host key</source>
        <translation>接受主机密钥(&amp;C)</translation>
    </message>
    <message>
        <source>Re&amp;ject host key</source>
        <translation>拒绝主机密钥(&amp;J)</translation>
    </message>
    <message>
        <source>%v of %m tested</source>
        <translation>已测试 %v / %m</translation>
    </message>
    <message>
        <source>not tested</source>
        <translation>未测试</translation>
    </message>
    <message>
        <source>Testing %1 connections ...</source>
        <translation>正在测试 %1 个连接 ...</translation>
    </message>
    <message>
        <source>%1 of %2 servers reachable.</source>
        <translation>%2 台服务器中 %1 台可达。</translation>
    </message>
    <message>
        <source>Bad address: %1</source>
        <translation>地址无效：%1</translation>
    </message>
    <message>
        <source>connecting ...</source>
        <translation>正在连接 ...</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>Unknown host key %1 %2: compare it with the server&apos;s (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub) and accept or reject it</source>
        <translation>未知主机密钥 %1 %2：请与服务器上的密钥比对（ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub），然后接受或拒绝</translation>
    </message>
    <message>
        <source>Host key %1 rejected: this server is not used</source>
        <translation>已拒绝主机密钥 %1：不使用此服务器</translation>
    </message>
</context>
<context>
    <name>sn::OverviewKpis</name>
    <message>
        <source>GPUs busy</source>
        <translation>繁忙 GPU</translation>
    </message>
    <message>
        <source>Mean GPU utilization</source>
        <translation>平均 GPU 利用率</translation>
    </message>
    <message>
        <source>Max GPU utilization</source>
        <translation>最高 GPU 利用率</translation>
    </message>
    <message>
        <source>Max GPU temperature</source>
        <translation>最高 GPU 温度</translation>
    </message>
    <message>
        <source>Power draw</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>GPU memory used</source>
        <translation>已用显存</translation>
    </message>
    <message>
        <source>Jobs running</source>
        <translation>运行中作业</translation>
    </message>
    <message>
        <source>Jobs pending</source>
        <translation>等待中作业</translation>
    </message>
    <message>
        <source>Open anomalies</source>
        <translation>未处理异常</translation>
    </message>
    <message>
        <source>Nodes up</source>
        <translation>在线节点</translation>
    </message>
    <message>
        <source>Faulted GPUs</source>
        <translation>故障 GPU</translation>
    </message>
    <message>
        <source>TiB</source>
        <translation>TiB</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>of %1</source>
        <translation>共 %1</translation>
    </message>
    <message>
        <source>average over all GPUs</source>
        <translation>所有 GPU 的平均值</translation>
    </message>
    <message>
        <source>busiest GPU</source>
        <translation>最繁忙的 GPU</translation>
    </message>
    <message>
        <source>hottest GPU: throttling range</source>
        <translation>最热 GPU：已进入降频区间</translation>
    </message>
    <message>
        <source>hottest GPU: running hot</source>
        <translation>最热 GPU：温度偏高</translation>
    </message>
    <message>
        <source>hottest GPU</source>
        <translation>最热的 GPU</translation>
    </message>
    <message>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <source>all GPUs</source>
        <translation>所有 GPU</translation>
    </message>
    <message>
        <source>of %1 %2 (%3 %)</source>
        <translation>共 %1 %2（%3 %）</translation>
    </message>
    <message>
        <source>on %1 GPUs</source>
        <translation>占用 %1 个 GPU</translation>
    </message>
    <message>
        <source>waiting in the queue</source>
        <translation>在队列中等待</translation>
    </message>
    <message>
        <source>not yet acknowledged</source>
        <translation>尚未确认</translation>
    </message>
    <message>
        <source>nothing to look at</source>
        <translation>无需关注</translation>
    </message>
    <message>
        <source>of %1 — %2 down</source>
        <translation>共 %1 — %2 个宕机</translation>
    </message>
    <message>
        <source>not usable until reset</source>
        <translation>重置前不可用</translation>
    </message>
    <message>
        <source>all GPUs usable</source>
        <translation>所有 GPU 可用</translation>
    </message>
</context>
<context>
    <name>sn::OverviewPage</name>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation>等待引擎…</translation>
    </message>
    <message>
        <source>GPUs by node</source>
        <translation>按节点查看 GPU</translation>
    </message>
    <message>
        <source>Colour by:</source>
        <translation>着色依据：</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Overview — %1</source>
        <translation>概览 — %1</translation>
    </message>
    <message>
        <source>%1 nodes · %2 GPUs · simulated, engine time %3</source>
        <translation>%1 个节点 · %2 个 GPU · 模拟，引擎时间 %3</translation>
    </message>
    <message>
        <source>%1 nodes · %2 GPUs · engine time %3</source>
        <translation>%1 个节点 · %2 个 GPU · 引擎时间 %3</translation>
    </message>
</context>
<context>
    <name>sn::PlanPanel</name>
    <message>
        <source>Declare the model to see whether it fits.</source>
        <translation>声明模型以查看能否放下。</translation>
    </message>
    <message>
        <source>Fits: %1 per GPU of %2 on %3 x %4</source>
        <translation>放得下：每 GPU %1 / %2，%3 x %4</translation>
    </message>
    <message>
        <source>Will not fit: %1 per GPU of %2 on %3 x %4</source>
        <translation>放不下：每 GPU %1 / %2，%3 x %4</translation>
    </message>
    <message>
        <source>parameters %1</source>
        <translation>参数 %1</translation>
    </message>
    <message>
        <source>weights %1</source>
        <translation>权重 %1</translation>
    </message>
    <message>
        <source>gradients %1</source>
        <translation>梯度 %1</translation>
    </message>
    <message>
        <source>optimizer %1</source>
        <translation>优化器 %1</translation>
    </message>
    <message>
        <source>activations %1</source>
        <translation>激活 %1</translation>
    </message>
    <message>
        <source>KV cache %1</source>
        <translation>KV 缓存 %1</translation>
    </message>
    <message>
        <source>reserve %1</source>
        <translation>预留 %1</translation>
    </message>
    <message>
        <source>Largest micro-batch that fits: %1</source>
        <translation>可放下的最大微批次：%1</translation>
    </message>
    <message>
        <source>Step %1 ms · communication %2% (%3% without overlap) · %4 tokens/s</source>
        <translation>每步 %1 ms · 通信 %2%（无重叠时 %3%）· %4 tokens/s</translation>
    </message>
    <message>
        <source>%1 ms per token · %2 tokens/s</source>
        <translation>每 token %1 ms · %2 tokens/s</translation>
    </message>
    <message>
        <source> · job %1</source>
        <translation> · 作业 %1</translation>
    </message>
    <message>
        <source>Cannot plan this job</source>
        <translation>无法规划此作业</translation>
    </message>
    <message>
        <source>Planner</source>
        <translation>规划器</translation>
    </message>
</context>
<context>
    <name>sn::PlanText</name>
    <message>
        <source>model shape: %1 layers, hidden %2, %3 heads (%4 KV), head size %5, from %6 for %7 parameters (give --layers/--hidden/--heads to override)</source>
        <translation>模型结构：%1 层，隐藏维度 %2，%3 个注意力头（%4 个 KV 头），头维度 %5，按 %7 个参数取自 %6（可用 --layers/--hidden/--heads 另行指定）</translation>
    </message>
    <message>
        <source>GPUs: %1 x %2 (%3), %4 node(s) x %5; %6</source>
        <translation>GPU：%1 块 %2（%3），%4 个节点 x %5；%6</translation>
    </message>
    <message>
        <source>topology: assumed for %1: %2 at %3 GB/s per GPU, %4 NIC(s) of %5 GB/s per node</source>
        <translation>拓扑：按 %1 推定：%2，每块 GPU %3 GB/s；每个节点 %4 块网卡，每块 %5 GB/s</translation>
    </message>
    <message>
        <source>topology: the cluster&apos;s links: %1 at %2 GB/s per GPU, %3 NIC(s) of %4 GB/s per node</source>
        <translation>拓扑：集群的实际链路：%1，每块 GPU %2 GB/s；每个节点 %3 块网卡，每块 %4 GB/s</translation>
    </message>
    <message>
        <source>configuration: %1</source>
        <translation>配置：%1</translation>
    </message>
    <message>
        <source>largest micro-batch that fits: %1</source>
        <translation>放得下的最大微批次：%1</translation>
    </message>
    <message>
        <source>largest batch that fits: %1</source>
        <translation>放得下的最大批次：%1</translation>
    </message>
    <message>
        <source>weights: %1 parameters / (TP %2 x PP %3) x %4 bytes (%5) = %6</source>
        <translation>权重：%1 个参数 / (TP %2 x PP %3) x %4 字节（%5）= %6</translation>
    </message>
    <message>
        <source>KV cache: 2 x batch %1 x context %2 x %3 layers / PP %4 x ceil(%5 KV heads / TP %6) x head size %7 x %8 bytes = %9 (Llama-style GQA shares KV heads)</source>
        <translation>KV 缓存：2 x 批次 %1 x 上下文 %2 x %3 层 / PP %4 x ceil(%5 个 KV 头 / TP %6) x 头维度 %7 x %8 字节 = %9（Llama 式 GQA 共享 KV 头）</translation>
    </message>
    <message>
        <source>model states (ZeRO paper, Rajbhandari et al. SC&apos;20): psi = %1 parameters / (TP %2 x PP %3) = %4 per GPU, DP = %5, ZeRO stage %6</source>
        <translation>模型状态（ZeRO 论文，Rajbhandari et al. SC&apos;20）：psi = %1 个参数 / (TP %2 x PP %3) = 每块 GPU %4 个，DP = %5，ZeRO 阶段 %6</translation>
    </message>
    <message>
        <source>parameters: psi x %1 bytes (%2) / DP = %3</source>
        <translation>参数：psi x %1 字节（%2）/ DP = %3</translation>
    </message>
    <message>
        <source>parameters: psi x %1 bytes (%2) = %3</source>
        <translation>参数：psi x %1 字节（%2）= %3</translation>
    </message>
    <message>
        <source>gradients: psi x %1 bytes / DP = %2</source>
        <translation>梯度：psi x %1 字节 / DP = %2</translation>
    </message>
    <message>
        <source>gradients: psi x %1 bytes = %2</source>
        <translation>梯度：psi x %1 字节 = %2</translation>
    </message>
    <message>
        <source>optimizer states: psi x K = %1 bytes (%2, with FP32 master weights) / DP = %3</source>
        <translation>优化器状态：psi x K = %1 字节（%2，含 FP32 主权重）/ DP = %3</translation>
    </message>
    <message>
        <source>optimizer states: psi x K = %1 bytes (%2, with FP32 master weights) = %3</source>
        <translation>优化器状态：psi x K = %1 字节（%2，含 FP32 主权重）= %3</translation>
    </message>
    <message>
        <source>optimizer states: psi x K = %1 bytes (%2) / DP = %3</source>
        <translation>优化器状态：psi x K = %1 字节（%2）/ DP = %3</translation>
    </message>
    <message>
        <source>optimizer states: psi x K = %1 bytes (%2) = %3</source>
        <translation>优化器状态：psi x K = %1 字节（%2）= %3</translation>
    </message>
    <message>
        <source>activations (Korthikanti et al. 2022, sec. 4): per layer s·b·h·(%1) x %2/2 bytes with %3, checkpointing %4; x ceil(%5 layers / PP %6) = %7</source>
        <translation>激活值（Korthikanti et al. 2022，第 4 节）：每层 s·b·h·(%1) x %2/2 字节，其中 %3，激活检查点 %4；x ceil(%5 层 / PP %6) = %7</translation>
    </message>
    <message>
        <source>activations (Korthikanti et al. 2022, sec. 4): per layer s·b·h·(%1) x %2/2 bytes with %3, checkpointing %4; x ceil(%5 layers / PP %6) x micro-batches in flight (1F1B keeps up to PP) = %7</source>
        <translation>激活值（Korthikanti et al. 2022，第 4 节）：每层 s·b·h·(%1) x %2/2 字节，其中 %3，激活检查点 %4；x ceil(%5 层 / PP %6) x 同时在途的 微批次 数（1F1B 至多保留 PP 个）= %7</translation>
    </message>
    <message>
        <source>framework reserve: %1 (CUDA context, NCCL buffers, allocator fragmentation)</source>
        <translation>框架预留：%1（CUDA 上下文、NCCL 缓冲区、分配器碎片）</translation>
    </message>
    <message>
        <source>total per GPU: %1 of %2 on %3 -&gt; fits</source>
        <translation>每块 GPU 合计：%1，%3 共 %2 -&gt; 放得下</translation>
    </message>
    <message>
        <source>total per GPU: %1 of %2 on %3 -&gt; does not fit</source>
        <translation>每块 GPU 合计：%1，%3 共 %2 -&gt; 放不下</translation>
    </message>
    <message>
        <source>tokens per step: micro-batch %1 x %2 micro-batches x DP %3 x sequence %4 = %5</source>
        <translation>每步 token 数：微批次 %1 x %2 个微批次 x DP %3 x 序列长度 %4 = %5</translation>
    </message>
    <message>
        <source>compute: 6 x P x tokens = %1 FLOPs / (%2 GPUs x %3 TFLOPS %4 dense peak x MFU %5) = %6 ms</source>
        <translation>计算：6 x P x token 数 = %1 FLOPs / (%2 块 GPU x %3 TFLOPS %4 稠密峰值 x MFU %5) = %6 ms</translation>
    </message>
    <message>
        <source>compute: 8 (6, plus a recomputed forward) x P x tokens = %1 FLOPs / (%2 GPUs x %3 TFLOPS %4 dense peak x MFU %5) = %6 ms</source>
        <translation>计算：8（6，外加一次重算的前向）x P x token 数 = %1 FLOPs / (%2 块 GPU x %3 TFLOPS %4 稠密峰值 x MFU %5) = %6 ms</translation>
    </message>
    <message>
        <source>pipeline bubble (1F1B): compute x (PP %1 - 1) / %2 micro-batches = %3 ms</source>
        <translation>流水线气泡（1F1B）：计算 x (PP %1 - 1) / %2 个微批次 = %3 ms</translation>
    </message>
    <message>
        <source>tensor parallel: %1 all-reduces x %2 layers x %3 micro-batches of %4 bytes over TP %5 (%6, %7 us each) = %8 ms, not overlapped</source>
        <translation>张量并行：%1 次 all-reduce x %2 层 x %3 个微批次，每次 %4 字节，在 TP %5 内（%6，每次 %7 us）= %8 ms，不与计算重叠</translation>
    </message>
    <message>
        <source>pipeline sends: 2 x %1 micro-batches x %2 bytes over the NIC at %3 GB/s = %4 ms</source>
        <translation>流水线发送：2 x %1 个微批次 x %2 字节，经网卡以 %3 GB/s = %4 ms</translation>
    </message>
    <message>
        <source>pipeline sends: 2 x %1 micro-batches x %2 bytes over NVLink at %3 GB/s = %4 ms</source>
        <translation>流水线发送：2 x %1 个微批次 x %2 字节，经 NVLink 以 %3 GB/s = %4 ms</translation>
    </message>
    <message>
        <source>data parallel: %1 of %2 gradient bytes per GPU over DP %3 (%4 node(s) x %5 GPUs, %6 NIC(s) of %7 GB/s each per node) = %8 ms per step (comms cost model)</source>
        <translation>数据并行：每块 GPU %2 字节梯度的 %1，在 DP %3 内（%4 个节点 x %5 块 GPU，每个节点 %6 块网卡，每块 %7 GB/s）= 每步 %8 ms（通信成本模型）</translation>
    </message>
    <message>
        <source>step without overlap: compute + bubble + TP + PP + DP = %1 ms, communication %2%</source>
        <translation>不重叠时每步：计算 + 气泡 + TP + PP + DP = %1 ms，通信占 %2%</translation>
    </message>
    <message>
        <source>step with overlap: DP exchange hidden behind up to %1% of the backward pass (%2 ms) = %3 ms, communication %4%</source>
        <translation>重叠时每步：DP 交换至多隐藏在反向传播的 %1%（%2 ms）之后 = %3 ms，通信占 %4%</translation>
    </message>
    <message>
        <source>with gradient compression %1: DP %2 ms -&gt; step %3 ms, communication %4%</source>
        <translation>梯度压缩 %1：DP %2 ms -&gt; 每步 %3 ms，通信占 %4%</translation>
    </message>
    <message>
        <source>job: %1 tokens / %2 per step = %3 steps x %4 ms = %5</source>
        <translation>作业：%1 个 token / 每步 %2 个 = %3 步 x %4 ms = %5</translation>
    </message>
    <message>
        <source>prefill: 2 x P x batch %1 x context %2 = %3 FLOPs / (%4 GPUs x %5 TFLOPS x MFU %6) = %7 ms</source>
        <translation>预填充：2 x P x 批次 %1 x 上下文 %2 = %3 FLOPs / (%4 块 GPU x %5 TFLOPS x MFU %6) = %7 ms</translation>
    </message>
    <message>
        <source>decode: max(read %1 of weights + KV at %2 GB/s = %3 ms, math %4 ms) x PP %5 + TP all-reduces %6 ms = %7 ms per token for the batch</source>
        <translation>解码：max(以 %2 GB/s 读取 %1 的权重与 KV = %3 ms，计算 %4 ms) x PP %5 + TP all-reduce %6 ms = 整个 批次 每个 token %7 ms</translation>
    </message>
    <message>
        <source>generation: batch %1 / %2 ms x %3 replica(s) = %4 tokens/s</source>
        <translation>生成：批次 %1 / %2 ms x %3 个副本 = %4 tokens/s</translation>
    </message>
    <message>
        <source>one request: prefill %1 ms + %2 tokens x %3 ms = %4</source>
        <translation>单个请求：预填充 %1 ms + %2 个 token x %3 ms = %4</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>TP %1 · PP %2 · DP %3 · ZeRO %4 · checkpointing %5 · micro-batch %6</source>
        <translation>TP %1 · PP %2 · DP %3 · ZeRO %4 · 激活检查点 %5 · 微批次 %6</translation>
    </message>
    <message>
        <source>TP %1 · PP %2 · %3 replica(s) · weights %4 · batch %5</source>
        <translation>TP %1 · PP %2 · %3 个副本 · 权重 %4 · 批次 %5</translation>
    </message>
    <message>
        <source>checkpointing %1 -&gt; %2</source>
        <translation>激活检查点 %1 -&gt; %2</translation>
    </message>
    <message>
        <source>weights %1 -&gt; %2</source>
        <translation>权重 %1 -&gt; %2</translation>
    </message>
    <message>
        <source>cluster</source>
        <translation>集群实测</translation>
    </message>
    <message>
        <source>assumed from the GPU model</source>
        <translation>按 GPU 型号推定</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between two changes</comment>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>sn::PolicyPage</name>
    <message>
        <source>Scheduling policy</source>
        <translation>调度策略</translation>
    </message>
    <message>
        <source>Priority classes and queues with their GPU quotas. The usual starting point is filled in; change it now or later in cluster.yaml.</source>
        <translation>优先级类和队列及其 GPU 配额。已填入常用的初始配置；可以现在修改，也可以以后在 cluster.yaml 中修改。</translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation>优先级类</translation>
    </message>
    <message>
        <source>Value (higher wins)</source>
        <translation>值（越高越优先）</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>GPUs guaranteed</source>
        <translation>保证 GPU 数</translation>
    </message>
    <message>
        <source>GPUs at most</source>
        <translation>最多 GPU 数</translation>
    </message>
    <message>
        <source>Memory limit</source>
        <translation>内存上限</translation>
    </message>
    <message>
        <source>Embedded scheduler (this engine)</source>
        <translation>内置调度器（本引擎）</translation>
    </message>
    <message>
        <source>Slurm (sbatch --gres=gpu:N)</source>
        <translation>Slurm (sbatch --gres=gpu:N)</translation>
    </message>
    <message>
        <source>Kubernetes (nvidia.com/gpu, PriorityClass, ResourceQuota)</source>
        <translation>Kubernetes (nvidia.com/gpu, PriorityClass, ResourceQuota)</translation>
    </message>
    <message>
        <source>&amp;Priority classes:</source>
        <translation>优先级类(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Queues:</source>
        <translation>队列(&amp;Q)：</translation>
    </message>
    <message>
        <source>&amp;Jobs run by:</source>
        <translation>作业运行方式(&amp;J)：</translation>
    </message>
    <message>
        <source>Priority class row %1: a name and a whole number are needed.</source>
        <translation>优先级类第 %1 行：需要名称和一个整数。</translation>
    </message>
    <message>
        <source>Queue row %1: a name, GPUs guaranteed &lt;= GPUs at most, and a memory limit like 512Gi.</source>
        <translation>队列第 %1 行：需要名称、保证 GPU 数 &lt;= 最多 GPU 数，以及形如 512Gi 的内存上限。</translation>
    </message>
</context>
<context>
    <name>sn::ProfilePage</name>
    <message>
        <source>Hardware profile</source>
        <translation>硬件概况</translation>
    </message>
    <message>
        <source>What each server has, against the reference configurations, and where the servers differ from each other.</source>
        <translation>每台服务器的配置与参考配置的对比，以及服务器之间的差异。</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>closest reference</source>
        <translation>最接近的参考配置</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>不同</translation>
    </message>
    <message>
        <source>Between nodes</source>
        <translation>节点之间</translation>
    </message>
    <message>
        <source>every node alike</source>
        <translation>所有节点一致</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>Not measured</source>
        <translation>未测量</translation>
    </message>
</context>
<context>
    <name>sn::ReportExport</name>
    <message>
        <source>no engine to gather from: choose a snapshot file</source>
        <translation>没有可采集数据的引擎：请选择快照文件</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>sn::ReportsPage</name>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Utilization by queue, user, class</source>
        <translation>按队列、用户、优先级类的利用率</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Thermal and power</source>
        <translation>温度与功耗</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>异常</translation>
    </message>
    <message>
        <source>Log templates</source>
        <translation>日志模板</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Recommendations</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Live cluster</source>
        <translation>实时集群</translation>
    </message>
    <message>
        <source>The local copy is what this console saved of the cluster, for reports while the engine is out of reach.</source>
        <translation>本地副本是本控制台保存的集群数据，用于在无法连接引擎时生成报告。</translation>
    </message>
    <message>
        <source>Whole cluster</source>
        <translation>整个集群</translation>
    </message>
    <message>
        <source>One job</source>
        <translation>单个作业</translation>
    </message>
    <message>
        <source>job ID</source>
        <translation>作业 ID</translation>
    </message>
    <message>
        <source>CSV (a folder of tables)</source>
        <translation>CSV（一个表格文件夹）</translation>
    </message>
    <message>
        <source>to</source>
        <translation>至</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>时间范围</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>章节</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Preview the report to see its tables here; the exported PDF and HTML also have the charts.</source>
        <translation>预览报告即可在此查看其表格；导出的 PDF 和 HTML 还包含图表。</translation>
    </message>
    <message>
        <source>Preview ready.</source>
        <translation>预览已就绪。</translation>
    </message>
    <message>
        <source>Written to %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Cannot read the engine&apos;s clock: %1</source>
        <translation>无法读取引擎时钟：%1</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>Queue %1</source>
        <translation>队列 %1</translation>
    </message>
    <message>
        <source>Local copy (saved %1 UTC, %2 to %3)</source>
        <translation>本地副本（保存于 %1 UTC，%2 至 %3）</translation>
    </message>
    <message>
        <source>The engine is connected again; choose Live cluster for its current data.</source>
        <translation>引擎已重新连接；选择“实时集群”查看当前数据。</translation>
    </message>
    <message>
        <source>The engine is disconnected: reports are made from the local copy.</source>
        <translation>引擎已断开：报告将基于本地副本生成。</translation>
    </message>
    <message>
        <source>The engine is disconnected and there is no local copy yet.</source>
        <translation>引擎已断开，且尚无本地副本。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Choose at least one section.</source>
        <translation>请至少选择一个章节。</translation>
    </message>
    <message>
        <source>Enter the job&apos;s ID for the One job scope.</source>
        <translation>“单个作业”范围需要输入作业 ID。</translation>
    </message>
    <message>
        <source>Building the preview…</source>
        <translation>正在生成预览…</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>正在导出…</translation>
    </message>
    <message>
        <source>Folder for the CSV tables</source>
        <translation>存放 CSV 表格的文件夹</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation>HTML (*.html)</translation>
    </message>
</context>
<context>
    <name>sn::RoleGate</name>
    <message>
        <source>viewer</source>
        <translation>查看者</translation>
    </message>
    <message>
        <source>operator</source>
        <translation>操作员</translation>
    </message>
    <message>
        <source>admin</source>
        <translation>管理员</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>Your role (%1) may not %2: that needs %3.</source>
        <translation>您的角色(%1)不能%2:需要%3。</translation>
    </message>
</context>
<context>
    <name>sn::SavedConnection</name>
    <message>
        <source>%1: no such file</source>
        <translation>%1:文件不存在</translation>
    </message>
    <message>
        <source>%1: not a readable file</source>
        <translation>%1:不是可读的文件</translation>
    </message>
    <message>
        <source>Give the connection a name</source>
        <translation>请为连接命名</translation>
    </message>
    <message>
        <source>Another connection is called %1</source>
        <translation>已有另一个连接名为 %1</translation>
    </message>
    <message>
        <source>The daemon&apos;s port is 1 to 65535</source>
        <translation>守护进程端口应为 1 到 65535</translation>
    </message>
    <message>
        <source>The daemon&apos;s address, as grpcs://HOST:PORT</source>
        <translation>守护进程地址,格式为 grpcs://HOST:PORT</translation>
    </message>
    <message>
        <source>The file with the token (supernodectl tokens create)</source>
        <translation>存放令牌的文件(supernodectl tokens create)</translation>
    </message>
    <message>
        <source>Mutual TLS needs both the client certificate and its key</source>
        <translation>双向 TLS 需要客户端证书及其密钥</translation>
    </message>
</context>
<context>
    <name>sn::SecurityPage</name>
    <message>
        <source>Security</source>
        <translation>安全</translation>
    </message>
    <message>
        <source>supernoded only accepts TLS with a token. Create the certificate authority, the server and client certificates, and the first admin token; say who may connect.</source>
        <translation>supernoded 只接受带令牌的 TLS 连接。请创建证书颁发机构（CA）、服务器和客户端证书以及第一个管理员令牌，并指定允许谁连接。</translation>
    </message>
    <message>
        <source>head.example.com, 10.0.0.1</source>
        <translation>head.example.com, 10.0.0.1</translation>
    </message>
    <message>
        <source>The names and addresses the console uses to reach the head node; the server certificate is made for them.</source>
        <translation>控制台访问头节点所用的名称和地址；服务器证书将为它们签发。</translation>
    </message>
    <message>
        <source>0.0.0.0:7443 takes connections on every interface; give one address to limit it.</source>
        <translation>0.0.0.0:7443 在所有网络接口上接受连接；填写单个地址可加以限制。</translation>
    </message>
    <message>
        <source>Clients must also show a certificate signed by this CA (&amp;mutual TLS)</source>
        <translation>客户端还必须出示由此 CA 签发的证书（双向 TLS）(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Create CA, certificates and admin token</source>
        <translation>创建 CA、证书和管理员令牌(&amp;C)</translation>
    </message>
    <message>
        <source>Certificate &amp;directory:</source>
        <translation>证书目录(&amp;D)：</translation>
    </message>
    <message>
        <source>Head node &amp;names (certificate):</source>
        <translation>头节点名称（证书）(&amp;N)：</translation>
    </message>
    <message>
        <source>supernoded &amp;listens on:</source>
        <translation>supernoded 监听地址(&amp;L)：</translation>
    </message>
    <message>
        <source>Certificates exist in %1.</source>
        <translation>%1 中已有证书。</translation>
    </message>
    <message>
        <source>Could not create the certificates: %1</source>
        <translation>无法创建证书：%1</translation>
    </message>
    <message>
        <source>Certificates made, but the admin token failed: %1</source>
        <translation>证书已创建，但管理员令牌创建失败：%1</translation>
    </message>
    <message>
        <source>Created in %1: ca.pem, server.pem/.key (for %2), client.pem/.key, tokens, admin.token.

The first admin token (the console&apos;s copy is admin.token, readable by you alone; supernoded keeps only its hash):
%3

supernoded will listen on %4 with TLS and take a connection only with a token%5.</source>
        <translation>已在 %1 中创建：ca.pem、server.pem/.key（用于 %2）、client.pem/.key、tokens、admin.token。

第一个管理员令牌（控制台的副本为 admin.token，仅你本人可读；supernoded 只保存其哈希）：
%3

supernoded 将在 %4 上以 TLS 监听，只接受带令牌%5的连接。</translation>
    </message>
    <message>
        <source> and a client certificate signed by this CA (client.pem)</source>
        <translation>及由此 CA 签发的客户端证书（client.pem）</translation>
    </message>
</context>
<context>
    <name>sn::SetupCheck</name>
    <message>
        <source>NVIDIA driver</source>
        <translation>NVIDIA 驱动</translation>
    </message>
    <message>
        <source>CUDA and driver compatibility</source>
        <translation>CUDA 与驱动兼容性</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink 互联</translation>
    </message>
    <message>
        <source>ECC memory</source>
        <translation>ECC 显存</translation>
    </message>
    <message>
        <source>Persistence mode</source>
        <translation>持久模式</translation>
    </message>
    <message>
        <source>Memory row remaps and retired pages</source>
        <translation>显存行重映射与退役页</translation>
    </message>
    <message>
        <source>Idle temperature and power limits</source>
        <translation>空闲温度与功率上限</translation>
    </message>
    <message>
        <source>Network link speed and MTU</source>
        <translation>网络链路速率与 MTU</translation>
    </message>
    <message>
        <source>RoCE lossless settings (PFC/ECN)</source>
        <translation>RoCE 无损设置（PFC/ECN）</translation>
    </message>
    <message>
        <source>GPUDirect RDMA</source>
        <translation>GPUDirect RDMA 直通</translation>
    </message>
    <message>
        <source>Clock synchronisation</source>
        <translation>时钟同步</translation>
    </message>
    <message>
        <source>Disk for the state directory</source>
        <translation>状态目录所在磁盘</translation>
    </message>
    <message>
        <source>%1: nvidia-smi did not run</source>
        <translation>%1：nvidia-smi 无法运行</translation>
    </message>
    <message>
        <source>%1: driver version &apos;%2&apos; not readable</source>
        <translation>%1：无法识别驱动版本 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1: driver %2 is older than %3</source>
        <translation>%1：驱动 %2 低于 %3</translation>
    </message>
    <message>
        <source>drivers differ: %1</source>
        <translation>各节点驱动不一致：%1</translation>
    </message>
    <message>
        <source>%1: the driver did not say which CUDA version it runs</source>
        <translation>%1：驱动未报告其支持的 CUDA 版本</translation>
    </message>
    <message>
        <source>%1: CUDA %2 is not in this console&apos;s compatibility table</source>
        <translation>%1：CUDA %2 不在本控制台的兼容性表中</translation>
    </message>
    <message>
        <source>%1: CUDA %2 needs driver %3, found %4</source>
        <translation>%1：CUDA %2 需要驱动 %3，实际为 %4</translation>
    </message>
    <message>
        <source>nodes run different CUDA versions (%1)</source>
        <translation>各节点的 CUDA 版本不同（%1 种）</translation>
    </message>
    <message>
        <source>%1: `nvidia-smi nvlink -s` did not run</source>
        <translation>%1：`nvidia-smi nvlink -s` 无法运行</translation>
    </message>
    <message>
        <source>%1: %2 of %3 NVLinks down</source>
        <translation>%1：%3 条 NVLink 中有 %2 条断开</translation>
    </message>
    <message>
        <source>%1: ECC mode not reported</source>
        <translation>%1：未报告 ECC 模式</translation>
    </message>
    <message>
        <source>%1: ECC %2 (enabled after a reset)</source>
        <translation>%1：ECC 为 %2（复位后启用）</translation>
    </message>
    <message>
        <source>%1: ECC %2</source>
        <translation>%1：ECC 为 %2</translation>
    </message>
    <message>
        <source>%1: persistence mode %2</source>
        <translation>%1：持久模式为 %2</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>%1: a row remap or page retirement is pending</source>
        <translation>%1：有待完成的行重映射或页退役</translation>
    </message>
    <message>
        <source>%1: row remapping has failed</source>
        <translation>%1：行重映射已失败</translation>
    </message>
    <message>
        <source>%1: %2 pages retired (limit %3)</source>
        <translation>%1：已退役 %2 页（上限 %3）</translation>
    </message>
    <message>
        <source>%1: %2 pages retired</source>
        <translation>%1：已退役 %2 页</translation>
    </message>
    <message>
        <source>%1: temperature not reported</source>
        <translation>%1：未报告温度</translation>
    </message>
    <message>
        <source>%1: %2 C at idle</source>
        <translation>%1：空闲时 %2 °C</translation>
    </message>
    <message>
        <source>%1: %2 C at idle (expected below %3 C)</source>
        <translation>%1：空闲时 %2 °C（应低于 %3 °C）</translation>
    </message>
    <message>
        <source>%1: power limit not reported</source>
        <translation>%1：未报告功率上限</translation>
    </message>
    <message>
        <source>%1: power limited to %2 W of %3 W</source>
        <translation>%1：功率被限制为 %2 W（默认 %3 W）</translation>
    </message>
    <message>
        <source>%1: link down</source>
        <translation>%1：链路断开</translation>
    </message>
    <message>
        <source>%1 ports run at different speeds (%2)</source>
        <translation>%1 端口速率不一致（%2）</translation>
    </message>
    <message>
        <source>%1 ports have different MTUs (%2)</source>
        <translation>%1 端口 MTU 不一致（%2）</translation>
    </message>
    <message>
        <source>no network port is up</source>
        <translation>没有处于连通状态的网络端口</translation>
    </message>
    <message>
        <source>%1: PFC/ECN not visible from the host</source>
        <translation>%1：从主机上看不到 PFC/ECN 设置</translation>
    </message>
    <message>
        <source>%1: PFC off on every priority</source>
        <translation>%1：所有优先级的 PFC 均已关闭</translation>
    </message>
    <message>
        <source>%1: ECN for RoCE off</source>
        <translation>%1：RoCE 的 ECN 已关闭</translation>
    </message>
    <message>
        <source>%1: lsmod did not run</source>
        <translation>%1：lsmod 无法运行</translation>
    </message>
    <message>
        <source>%1: RDMA NICs but no nvidia_peermem module</source>
        <translation>%1：有 RDMA 网卡，但未加载 nvidia_peermem 模块</translation>
    </message>
    <message>
        <source>%1: synchronisation state not visible (no timedatectl)</source>
        <translation>%1：看不到同步状态（没有 timedatectl）</translation>
    </message>
    <message>
        <source>%1: clock not synchronised</source>
        <translation>%1：时钟未同步</translation>
    </message>
    <message>
        <source>%1: clock %2 s off this machine&apos;s</source>
        <translation>%1：时钟与本机相差 %2 秒</translation>
    </message>
    <message>
        <source>%1: free space of %2 not visible</source>
        <translation>%1：看不到 %2 的剩余空间</translation>
    </message>
    <message>
        <source>%1: %2 GiB free for %3</source>
        <translation>%1：%3 仅剩 %2 GiB 可用</translation>
    </message>
    <message>
        <source>driver %1 on every node (at least %2)</source>
        <translation>所有节点均为驱动 %1（最低要求 %2）</translation>
    </message>
    <message>
        <source>CUDA %1 matches the driver on every node</source>
        <translation>所有节点上 CUDA %1 与驱动匹配</translation>
    </message>
    <message>
        <source>no NVLink on these GPUs (PCIe only): nothing to check</source>
        <translation>这些 GPU 没有 NVLink（仅 PCIe）：无需检查</translation>
    </message>
    <message>
        <source>all %1 NVLinks up</source>
        <translation>全部 %1 条 NVLink 均已连通</translation>
    </message>
    <message>
        <source>ECC enabled on every GPU</source>
        <translation>所有 GPU 均已启用 ECC</translation>
    </message>
    <message>
        <source>persistence mode on for every GPU</source>
        <translation>所有 GPU 均已开启持久模式</translation>
    </message>
    <message>
        <source>no pending row remaps and no retired-page limits reached</source>
        <translation>没有待完成的行重映射，退役页均未达到上限</translation>
    </message>
    <message>
        <source>GPUs at most %1 C at idle, power limits at their defaults</source>
        <translation>GPU 空闲温度最高 %1 °C，功率上限均为默认值</translation>
    </message>
    <message>
        <source>every port alike: %1</source>
        <translation>所有端口一致：%1</translation>
    </message>
    <message>
        <source>%1 (speed not reported) MTU %2</source>
        <translation>%1（未报告速率）MTU %2</translation>
    </message>
    <message>
        <source>%1 (speed not reported)</source>
        <translation>%1（未报告速率）</translation>
    </message>
    <message>
        <source>no RoCE ports: nothing to check</source>
        <translation>没有 RoCE 端口：无需检查</translation>
    </message>
    <message>
        <source>PFC and ECN on for all %1 RoCE ports</source>
        <translation>全部 %1 个 RoCE 端口均已开启 PFC 和 ECN</translation>
    </message>
    <message>
        <source>no RDMA NICs: GPUDirect RDMA not needed</source>
        <translation>没有 RDMA 网卡：无需 GPUDirect RDMA</translation>
    </message>
    <message>
        <source>nvidia_peermem loaded on every RDMA node</source>
        <translation>所有 RDMA 节点均已加载 nvidia_peermem</translation>
    </message>
    <message>
        <source>clocks synchronised on every node</source>
        <translation>所有节点的时钟均已同步</translation>
    </message>
    <message>
        <source>enough free disk for the state directory on every node</source>
        <translation>所有节点的状态目录均有足够的磁盘空间</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver (it provides nvidia-smi) and run discovery again.</source>
        <translation>安装 NVIDIA 驱动（其中包含 nvidia-smi），然后重新执行发现。</translation>
    </message>
    <message>
        <source>Check `nvidia-smi --version` on that node.</source>
        <translation>在该节点上检查 `nvidia-smi --version`。</translation>
    </message>
    <message>
        <source>Install NVIDIA driver %1 or newer (the same on every node), then reboot.</source>
        <translation>安装 NVIDIA 驱动 %1 或更新版本（所有节点保持一致），然后重启。</translation>
    </message>
    <message>
        <source>Install the same driver version on every node: NCCL and CUDA behave differently between versions.</source>
        <translation>在所有节点上安装相同版本的驱动：不同版本下 NCCL 和 CUDA 的行为不同。</translation>
    </message>
    <message>
        <source>Run `nvidia-smi` on that node; a driver that prints no CUDA version is incomplete: reinstall it.</source>
        <translation>在该节点上运行 `nvidia-smi`；不显示 CUDA 版本的驱动安装不完整：请重新安装。</translation>
    </message>
    <message>
        <source>Check NVIDIA&apos;s CUDA release notes (Table 3) for the driver it needs.</source>
        <translation>查阅 NVIDIA 的 CUDA 发行说明（表 3），确认所需的驱动版本。</translation>
    </message>
    <message>
        <source>Install the driver that matches the CUDA version (or a newer one).</source>
        <translation>安装与该 CUDA 版本匹配（或更新）的驱动。</translation>
    </message>
    <message>
        <source>Use the same driver on every node so a job built for the newest CUDA runs everywhere.</source>
        <translation>所有节点使用相同的驱动，使针对最新 CUDA 构建的作业能在任何节点上运行。</translation>
    </message>
    <message>
        <source>Check that nvidia-smi works on that node.</source>
        <translation>确认 nvidia-smi 在该节点上能正常工作。</translation>
    </message>
    <message>
        <source>Reseat or replace the GPU baseboard link (check `nvidia-smi nvlink -e` error counters and the fabric manager: `systemctl status nvidia-fabricmanager`), then reboot.</source>
        <translation>重新插拔或更换 GPU 基板链路（检查 `nvidia-smi nvlink -e` 的错误计数和 Fabric Manager：`systemctl status nvidia-fabricmanager`），然后重启。</translation>
    </message>
    <message>
        <source>Check `nvidia-smi -q -d ECC` on that node.</source>
        <translation>在该节点上检查 `nvidia-smi -q -d ECC`。</translation>
    </message>
    <message>
        <source>Enable ECC: `nvidia-smi -e 1`, then reset the GPU or reboot.</source>
        <translation>启用 ECC：`nvidia-smi -e 1`，然后复位 GPU 或重启。</translation>
    </message>
    <message>
        <source>Enable the persistence daemon: `systemctl enable --now nvidia-persistenced` (jobs otherwise wait for the driver to load on every start).</source>
        <translation>启用持久化守护进程：`systemctl enable --now nvidia-persistenced`（否则每个作业启动时都要等待驱动加载）。</translation>
    </message>
    <message>
        <source>Reset the GPU (`nvidia-smi -r`) or reboot the node before it takes jobs.</source>
        <translation>在该节点接收作业之前复位 GPU（`nvidia-smi -r`）或重启节点。</translation>
    </message>
    <message>
        <source>The GPU&apos;s memory is worn out: ask the vendor for an RMA.</source>
        <translation>该 GPU 的显存已损耗：请联系厂商办理 RMA 返修。</translation>
    </message>
    <message>
        <source>The GPU cannot retire more pages: ask the vendor for an RMA.</source>
        <translation>该 GPU 已无法再退役更多页：请联系厂商办理 RMA 返修。</translation>
    </message>
    <message>
        <source>Watch this GPU; plan a replacement.</source>
        <translation>关注这块 GPU；计划更换。</translation>
    </message>
    <message>
        <source>Check `nvidia-smi -q -d TEMPERATURE` on that node.</source>
        <translation>在该节点上检查 `nvidia-smi -q -d TEMPERATURE`。</translation>
    </message>
    <message>
        <source>Check the server&apos;s fans and airflow (blanking panels, inlet temperature) before running jobs.</source>
        <translation>运行作业之前检查服务器的风扇和气流（挡板、进风温度）。</translation>
    </message>
    <message>
        <source>Check the server&apos;s fans and airflow; a job may already be running on it.</source>
        <translation>检查服务器的风扇和气流；也可能已有作业在其上运行。</translation>
    </message>
    <message>
        <source>Check `nvidia-smi -q -d POWER` on that node.</source>
        <translation>在该节点上检查 `nvidia-smi -q -d POWER`。</translation>
    </message>
    <message>
        <source>Restore the default limit (`nvidia-smi -pl %1`) unless the cap is on purpose.</source>
        <translation>除非是有意限制，否则恢复默认上限（`nvidia-smi -pl %1`）。</translation>
    </message>
    <message>
        <source>Check the cable and the switch port, or leave the port unused.</source>
        <translation>检查线缆和交换机端口，或者不使用该端口。</translation>
    </message>
    <message>
        <source>Set every port of a fabric to the same speed (switch and NIC), or collectives run at the slowest.</source>
        <translation>将同一网络中的所有端口（交换机和网卡）设为相同速率，否则集合通信会以最慢的速率运行。</translation>
    </message>
    <message>
        <source>Use one MTU on every node and switch port (9000 for RoCE/Ethernet data, 4096 IB).</source>
        <translation>所有节点和交换机端口使用同一个 MTU（RoCE/以太网数据网用 9000，IB 用 4096）。</translation>
    </message>
    <message>
        <source>Check that the nodes&apos; data NICs are cabled and configured.</source>
        <translation>确认各节点的数据网卡已接线并已配置。</translation>
    </message>
    <message>
        <source>Check with `mlnx_qos -i %1` and on the switch that PFC is on priority 3 and ECN marks.</source>
        <translation>用 `mlnx_qos -i %1` 并在交换机上确认：PFC 已在优先级 3 上开启，且 ECN 会做标记。</translation>
    </message>
    <message>
        <source>Turn PFC on for the RoCE priority (`mlnx_qos -i %1 --pfc 0,0,0,1,0,0,0,0`) and on the switch.</source>
        <translation>为 RoCE 优先级开启 PFC（`mlnx_qos -i %1 --pfc 0,0,0,1,0,0,0,0`），交换机上也要开启。</translation>
    </message>
    <message>
        <source>echo 1 &gt; /sys/class/net/%1/ecn/roce_np/enable/3 (and roce_rp), and enable ECN marking on the switch.</source>
        <translation>执行 echo 1 &gt; /sys/class/net/%1/ecn/roce_np/enable/3（roce_rp 同样设置），并在交换机上启用 ECN 标记。</translation>
    </message>
    <message>
        <source>Check `lsmod | grep peermem` on that node.</source>
        <translation>在该节点上检查 `lsmod | grep peermem`。</translation>
    </message>
    <message>
        <source>Load it (`modprobe nvidia_peermem`; add it to /etc/modules-load.d/) so NCCL moves GPU memory over RDMA directly.</source>
        <translation>加载该模块（`modprobe nvidia_peermem`；并加入 /etc/modules-load.d/），使 NCCL 通过 RDMA 直接传输 GPU 显存。</translation>
    </message>
    <message>
        <source>Check chrony or ntpd on that node.</source>
        <translation>检查该节点上的 chrony 或 ntpd。</translation>
    </message>
    <message>
        <source>Enable time sync: `apt install chrony &amp;&amp; systemctl enable --now chrony`.</source>
        <translation>启用时间同步：`apt install chrony &amp;&amp; systemctl enable --now chrony`。</translation>
    </message>
    <message>
        <source>Point every node at the same NTP server; logs and telemetry from different nodes will not line up otherwise.</source>
        <translation>让所有节点使用同一个 NTP 服务器；否则不同节点的日志和遥测数据无法对齐。</translation>
    </message>
    <message>
        <source>Check `df -h %1` on that node.</source>
        <translation>在该节点上检查 `df -h %1`。</translation>
    </message>
    <message>
        <source>Free space or put the state directory on a larger disk (at least %1 GiB).</source>
        <translation>释放空间，或将状态目录放到更大的磁盘上（至少 %1 GiB）。</translation>
    </message>
    <message>
        <source>Plan for more space: telemetry of a busy cluster grows by a few GiB a week.</source>
        <translation>预留更多空间：繁忙集群的遥测数据每周会增长数 GiB。</translation>
    </message>
    <message>
        <source>%1 GiB RAM</source>
        <translation>%1 GiB 内存</translation>
    </message>
    <message>
        <source>%1 GPU, the reference has %2</source>
        <translation>%1 块 GPU，参考配置为 %2 块</translation>
    </message>
    <message>
        <source>%1 GPUs, the reference has %2</source>
        <translation>%1 块 GPU，参考配置为 %2 块</translation>
    </message>
    <message>
        <source>%1 GiB per GPU, the reference has %2+</source>
        <translation>每块 GPU %1 GiB，参考配置为 %2+ GiB</translation>
    </message>
    <message>
        <source>CPU %1, the reference has %2x Xeon %3</source>
        <translation>CPU 为 %1，参考配置为 %2 颗 Xeon %3</translation>
    </message>
    <message>
        <source>%1 CPU sockets, the reference has %2</source>
        <translation>%1 路 CPU，参考配置为 %2 路</translation>
    </message>
    <message>
        <source>no reference configuration for %1: checks still apply, the profile cannot compare it</source>
        <translation>没有 %1 的参考配置：各项检查仍然适用，但画像无法与之比较</translation>
    </message>
    <message>
        <source>Storage: the references expect about 20 GB/s aggregate read for checkpoints and datasets; discovery cannot measure it: run `fio --rw=read --bs=1M --numjobs=16` on the shared filesystem.</source>
        <translation>存储：参考配置要求检查点和数据集的聚合读取约 20 GB/s；发现过程无法测量：请在共享文件系统上运行 `fio --rw=read --bs=1M --numjobs=16`。</translation>
    </message>
    <message>
        <source>Switches: the references expect 25G/100G (or faster) switches with PFC for RoCE; a switch&apos;s own settings are not visible from the nodes: the RoCE check reads what the NICs show.</source>
        <translation>交换机：参考配置要求 25G/100G（或更快）且为 RoCE 开启 PFC 的交换机；交换机自身的设置从节点上看不到：RoCE 检查读取的是网卡上显示的设置。</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>GPU model</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>host memory</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 为 %1</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>0x no GPU</source>
        <translation>无 GPU</translation>
    </message>
</context>
<context>
    <name>sn::SetupLauncherPage</name>
    <message>
        <source>Setup</source>
        <translation>部署</translation>
    </message>
    <message>
        <source>The setup wizard takes a list of server addresses to a configured, validated and running cluster: it connects to each server over SSH (host keys shown with their fingerprint), reads GPUs, drivers, NVLink, network and disks on all of them at once, checks they are ready and says how to fix what is not, draws the topology, sets the scheduling policy and the certificates, writes cluster.yaml, installs the agent and supernoded with their systemd units, and connects the console. It can be left and resumed (also as supernode --setup).</source>
        <translation>部署向导从一组服务器地址出发，得到一个已配置、已验证并正在运行的集群：通过 SSH 连接每台服务器（显示主机密钥指纹），同时读取所有服务器的 GPU、驱动、NVLink、网络和磁盘，检查是否就绪并说明如何修复未就绪项，绘制拓扑，设置调度策略和证书，写入 cluster.yaml，安装 agent 和 supernoded 及其 systemd 单元，并连接控制台。向导可以中途离开并稍后继续（也可用 supernode --setup 打开）。</translation>
    </message>
    <message>
        <source>&amp;Open the setup wizard...</source>
        <translation>打开部署向导(&amp;O)...</translation>
    </message>
</context>
<context>
    <name>sn::SetupWizard</name>
    <message>
        <source>Set up a cluster</source>
        <translation>部署集群</translation>
    </message>
</context>
<context>
    <name>sn::SignatureText</name>
    <message>
        <source>%1 on %2 GPU %3: %4 %5</source>
        <translation>%1（%2 GPU %3）：%4%5</translation>
    </message>
    <message>
        <source>%1 on %2: %3 %4</source>
        <translation>%1（%2）：%3%4</translation>
    </message>
    <message>
        <source>%1 GPU %2: %3 %4</source>
        <translation>%1（GPU %2）：%3%4</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2%3</translation>
    </message>
</context>
<context>
    <name>sn::SimulatedBadge</name>
    <message>
        <source>Simulated cluster</source>
        <translation>模拟集群</translation>
    </message>
    <message>
        <source>The numbers come from a model of GPU servers, not from real hardware.</source>
        <translation>这些数字来自 GPU 服务器的模型，而不是真实硬件。</translation>
    </message>
</context>
<context>
    <name>sn::SparkChart</name>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>%1 %2
%3</source>
        <translation>%1 %2
%3</translation>
    </message>
</context>
<context>
    <name>sn::StartPage</name>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Set up a new cluster from a list of servers, or start from an existing cluster.yaml.</source>
        <translation>从服务器列表部署新集群，或从现有的 cluster.yaml 开始。</translation>
    </message>
    <message>
        <source>&amp;New cluster</source>
        <translation>新建集群(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Import an existing cluster.yaml</source>
        <translation>导入现有的 cluster.yaml(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Resume where you left off</source>
        <translation>从上次离开处继续(&amp;R)</translation>
    </message>
    <message>
        <source>/etc/supernode/cluster.yaml</source>
        <translation>/etc/supernode/cluster.yaml</translation>
    </message>
    <message>
        <source>Cluster &amp;name:</source>
        <translation>集群名称(&amp;N)：</translation>
    </message>
    <message>
        <source>cluster.yaml to &amp;import:</source>
        <translation>要导入的 cluster.yaml(&amp;I)：</translation>
    </message>
</context>
<context>
    <name>sn::TopologyDetails</name>
    <message>
        <source>No recent events.</source>
        <translation>近期无事件。</translation>
    </message>
    <message>
        <source> (ack)</source>
        <translation>（已确认）</translation>
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
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>型号</translation>
    </message>
    <message>
        <source>UUID</source>
        <translation>UUID</translation>
    </message>
    <message>
        <source>PCI bus</source>
        <translation>PCI 总线</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>NUMA node</source>
        <translation>NUMA 节点</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>node down</source>
        <translation>节点宕机</translation>
    </message>
    <message>
        <source>not usable (lost)</source>
        <translation>不可用（已丢失）</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation>已用显存</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Recent events</source>
        <translation>近期事件</translation>
    </message>
    <message>
        <source>NVLink, %1 links</source>
        <translation>NVLink，%1 条链路</translation>
    </message>
    <message>
        <source>PCIe, x%1</source>
        <translation>PCIe，x%1</translation>
    </message>
    <message>
        <source>RoCE</source>
        <translation>RoCE</translation>
    </message>
    <message>
        <source>InfiniBand</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <source>Ethernet</source>
        <translation>以太网</translation>
    </message>
    <message>
        <source>From</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>To</source>
        <translation>终点</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>%1/s per direction</source>
        <translation>每方向 %1/s</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>up</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>down or erroring</source>
        <translation>断开或出错</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>%1 % (%2/s)</source>
        <translation>%1 %（%2/s）</translation>
    </message>
    <message>
        <source>down</source>
        <translation>宕机</translation>
    </message>
    <message>
        <source>Switch %1</source>
        <translation>交换机 %1</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>端口数</translation>
    </message>
    <message>
        <source>Port speed</source>
        <translation>端口速率</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Recent events of the node</source>
        <translation>该节点的近期事件</translation>
    </message>
</context>
<context>
    <name>sn::TopologyLegend</name>
    <message>
        <source>GPU utilization</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation>GPU 温度</translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation>GPU 功耗</translation>
    </message>
    <message>
        <source>GPU memory used</source>
        <translation>已用显存</translation>
    </message>
    <message>
        <source>Link load</source>
        <translation>链路负载</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>saturated</source>
        <translation>饱和</translation>
    </message>
    <message>
        <source>down</source>
        <translation>宕机</translation>
    </message>
    <message>
        <source>fault</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>anomaly</source>
        <translation>异常</translation>
    </message>
</context>
<context>
    <name>sn::TopologyPage</name>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation>等待引擎…</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation>已用显存</translation>
    </message>
    <message>
        <source>Colour GPUs by:</source>
        <translation>GPU 着色依据：</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>缩小 (-)</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>放大 (+)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Show the whole cluster (F)</source>
        <translation>显示整个集群 (F)</translation>
    </message>
    <message>
        <source>Show charts</source>
        <translation>显示图表</translation>
    </message>
    <message>
        <source>This GPU&apos;s metrics on the GPUs page (or double-click its tile)</source>
        <translation>在 GPU 页查看此 GPU 的指标（或双击其图块）</translation>
    </message>
    <message>
        <source>The engine did not answer: %1</source>
        <translation>引擎无响应：%1</translation>
    </message>
    <message>
        <source>Topology — %1</source>
        <translation>拓扑 — %1</translation>
    </message>
    <message>
        <source>%1 of %2 nodes up · %3 GPUs · %4 links · scroll to zoom, drag to pan, click for details</source>
        <translation>%2 个节点中 %1 个在线 · %3 个 GPU · %4 条链路 · 滚轮缩放，拖动平移，点击查看详情</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Details&lt;/h3&gt;&lt;p&gt;Click a GPU, a link, a NIC or a switch to see what it is, how it is doing now, its job and its recent events.&lt;/p&gt;&lt;p&gt;Double-click a GPU to open its charts.&lt;/p&gt;&lt;p&gt;Keys: &lt;b&gt;+&lt;/b&gt;/&lt;b&gt;−&lt;/b&gt; zoom, &lt;b&gt;F&lt;/b&gt; fit.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;详情&lt;/h3&gt;&lt;p&gt;点击 GPU、链路、网卡或交换机，可查看它是什么、当前状态、所运行的作业及近期事件。&lt;/p&gt;&lt;p&gt;双击 GPU 打开其图表。&lt;/p&gt;&lt;p&gt;快捷键：&lt;b&gt;+&lt;/b&gt;/&lt;b&gt;−&lt;/b&gt; 缩放，&lt;b&gt;F&lt;/b&gt; 适应窗口。&lt;/p&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;&lt;b&gt;Job %1&lt;/b&gt; (%2): %n GPU(s) highlighted&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;&lt;b&gt;作业 %1&lt;/b&gt;（%2）：已高亮 %n 个 GPU&lt;/p&gt;</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sn::TopologyText</name>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>NVLink x%1</source>
        <translation>NVLink x%1</translation>
    </message>
    <message>
        <source>PCIe x%1</source>
        <translation>PCIe x%1</translation>
    </message>
    <message>
        <source>%1 %2G</source>
        <translation>%1 %2G</translation>
    </message>
    <message>
        <source>NVSwitch %1</source>
        <translation>NVSwitch %1</translation>
    </message>
    <message>
        <source>%1 · %2G</source>
        <translation>%1 · %2G</translation>
    </message>
    <message>
        <source>%1 · %2 ports</source>
        <translation>%1 · %2 个端口</translation>
    </message>
    <message>
        <source>Ethernet</source>
        <translation>以太网</translation>
    </message>
</context>
<context>
    <name>sn::TopologyView</name>
    <message>
        <source>&lt;b&gt;%1 · GPU %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 · GPU %2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#d62728&apos;&gt;Not usable: lost, or its node is down&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d62728&apos;&gt;不可用：已丢失，或其节点宕机&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Utilization: %1</source>
        <translation>利用率：%1</translation>
    </message>
    <message>
        <source>Temperature: %1</source>
        <translation>温度：%1</translation>
    </message>
    <message>
        <source>Power: %1</source>
        <translation>功耗：%1</translation>
    </message>
    <message>
        <source>Power: %1 of %2</source>
        <translation>功耗：%1 / %2</translation>
    </message>
    <message>
        <source>Memory used: %1</source>
        <translation>已用显存：%1</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Job: %1</source>
        <translation>作业：%1</translation>
    </message>
    <message>
        <source>Open anomaly — click for details</source>
        <translation>未处理异常 — 点击查看详情</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 ↔ %2</source>
        <translation>%1 ↔ %2</translation>
    </message>
    <message>
        <source>Bandwidth: %1 per direction</source>
        <translation>带宽：每方向 %1</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#d62728&apos;&gt;Down or erroring&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d62728&apos;&gt;断开或出错&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Load: %1 %</source>
        <translation>负载：%1 %</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:#d62728&apos;&gt;Down&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:#d62728&apos;&gt;宕机&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Down: not answering</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;宕机：无响应</translation>
    </message>
</context>
<context>
    <name>sn::UtilizationHistoryChart</name>
    <message>
        <source>Cluster history (last 10 minutes)</source>
        <translation>集群历史（最近 10 分钟）</translation>
    </message>
    <message>
        <source>Mean GPU utilization (%)</source>
        <translation>平均 GPU 利用率 (%)</translation>
    </message>
    <message>
        <source>Max GPU temperature (°C)</source>
        <translation>最高 GPU 温度 (°C)</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Utilization (%)</source>
        <translation>利用率 (%)</translation>
    </message>
    <message>
        <source>Temperature (°C)</source>
        <translation>温度 (°C)</translation>
    </message>
</context>
<context>
    <name>sn::ctl::CtlText</name>
    <message>
        <source>Run &apos;supernodectl --help&apos; for usage.</source>
        <translation>运行 &apos;supernodectl --help&apos; 查看用法。</translation>
    </message>
    <message>
        <source>%1 needs a number between %2 and %3</source>
        <translation>%1 需要 %2 到 %3 之间的数字</translation>
    </message>
    <message>
        <source>--config needs a file</source>
        <translation>--config 需要一个文件</translation>
    </message>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 需要一个值</translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation>未知选项 %1</translation>
    </message>
    <message>
        <source>no command given</source>
        <translation>未指定命令</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>未知命令 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the time after @ must be seconds &gt;= 0</source>
        <translation>&apos;%1&apos;：@ 之后的时间必须是 &gt;= 0 的秒数</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: expected KIND:NODE[:INDEX][@SECOND] with KIND one of the names &apos;supernodectl sim faults&apos; lists</source>
        <translation>&apos;%1&apos;：应为 KIND:NODE[:INDEX][@SECOND]，KIND 取 &apos;supernodectl sim faults&apos; 列出的名称之一</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: INDEX must be a GPU or NIC number &gt;= 0</source>
        <translation>&apos;%1&apos;：INDEX 必须是 &gt;= 0 的 GPU 或网卡编号</translation>
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
        <source>%1  (lasts %2 s by default)</source>
        <translation>%1  （默认持续 %2 秒）</translation>
    </message>
    <message>
        <source>--inject needs KIND:NODE[:INDEX][@SECOND]</source>
        <translation>--inject 需要 KIND:NODE[:INDEX][@SECOND]</translation>
    </message>
    <message>
        <source>sim run takes no argument &apos;%1&apos;</source>
        <translation>sim run 不接受参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>simulated %1 s (seed %2, virtual time)</source>
        <translation>已模拟 %1 秒（种子 %2，虚拟时间）</translation>
    </message>
    <message>
        <source>events (%1):</source>
        <translation>事件（%1 个）：</translation>
    </message>
    <message>
        <source>sim needs a subcommand: faults or run, or --trace FILE</source>
        <translation>sim 需要子命令：faults 或 run，或者 --trace FILE</translation>
    </message>
    <message>
        <source>unknown sim subcommand &apos;%1&apos;</source>
        <translation>未知的 sim 子命令 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>  (simulated)</source>
        <translation>  （模拟）</translation>
    </message>
    <message>
        <source>nodes up</source>
        <translation>在线节点</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>GPUs busy</source>
        <translation>繁忙 GPU</translation>
    </message>
    <message>
        <source>, %1 faulted</source>
        <translation>，%1 个故障</translation>
    </message>
    <message>
        <source>GPU util</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <source>mean %1 %, max %2 %</source>
        <translation>平均 %1 %，最高 %2 %</translation>
    </message>
    <message>
        <source>GPU temp max</source>
        <translation>GPU 最高温度</translation>
    </message>
    <message>
        <source>%1 C</source>
        <translation>%1 °C</translation>
    </message>
    <message>
        <source>power draw</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>%1 kW</source>
        <translation>%1 kW</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>%1 of %2 GiB</source>
        <translation>%1 / %2 GiB</translation>
    </message>
    <message>
        <source>jobs</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>%1 running, %2 pending</source>
        <translation>%1 个运行中，%2 个等待中</translation>
    </message>
    <message>
        <source>anomalies</source>
        <translation>异常</translation>
    </message>
    <message>
        <source>%1 open</source>
        <translation>%1 个未处理</translation>
    </message>
    <message>
        <source>status takes no argument &apos;%1&apos;</source>
        <translation>status 不接受参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>anomaly scan needs one FILE.csv (timestamp,value rows)</source>
        <translation>anomaly scan 需要一个 FILE.csv（timestamp,value 行）</translation>
    </message>
    <message>
        <source>anomaly needs a subcommand: scan</source>
        <translation>anomaly 需要子命令：scan</translation>
    </message>
    <message>
        <source>unknown anomaly subcommand &apos;%1&apos;</source>
        <translation>未知的 anomaly 子命令 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>expected: certs init DIR [--host NAME]...</source>
        <translation>用法：certs init DIR [--host NAME]...</translation>
    </message>
    <message>
        <source>certs init takes --host NAME, not &apos;%1&apos;</source>
        <translation>certs init 接受 --host NAME，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>created in %1:</source>
        <translation>已在 %1 中创建：</translation>
    </message>
    <message>
        <source>the certificate authority (keep ca.key offline)</source>
        <translation>证书颁发机构（请离线保存 ca.key）</translation>
    </message>
    <message>
        <source>for supernoded --tls-cert/--tls-key</source>
        <translation>用于 supernoded --tls-cert/--tls-key</translation>
    </message>
    <message>
        <source>for mutual TLS (supernoded --tls-ca ca.pem)</source>
        <translation>用于双向 TLS（supernoded --tls-ca ca.pem）</translation>
    </message>
    <message>
        <source>expected: tokens create --role viewer|operator|admin --file F [--name N]</source>
        <translation>用法：tokens create --role viewer|operator|admin --file F [--name N]</translation>
    </message>
    <message>
        <source>tokens create takes --role, --file and --name, not &apos;%1&apos;</source>
        <translation>tokens create 接受 --role、--file 和 --name，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>tokens create needs --file (the daemon&apos;s --tokens file)</source>
        <translation>tokens create 需要 --file（守护进程的 --tokens 文件）</translation>
    </message>
    <message>
        <source>--role must be viewer, operator or admin, not &apos;%1&apos;</source>
        <translation>--role 必须是 viewer、operator 或 admin，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>token &apos;%1&apos; (%2) added to %3; it is shown only now. Save it to a file for --token-file.</source>
        <translation>令牌 &apos;%1&apos;（%2）已添加到 %3；它只显示这一次。请将其保存到文件，供 --token-file 使用。</translation>
    </message>
    <message>
        <source>config check needs exactly one file</source>
        <translation>config check 需要且只需要一个文件</translation>
    </message>
    <message>
        <source>%1: valid: cluster &apos;%2&apos;, %3 nodes, %4 GPUs (simulated), %5 priority classes</source>
        <translation>%1：有效：集群 &apos;%2&apos;，%3 个节点，%4 个 GPU（模拟），%5 个优先级类</translation>
    </message>
    <message>
        <source>%1: valid: cluster &apos;%2&apos;, %3 nodes, %4 GPUs, %5 priority classes</source>
        <translation>%1：有效：集群 &apos;%2&apos;，%3 个节点，%4 个 GPU，%5 个优先级类</translation>
    </message>
    <message>
        <source>config needs a subcommand: check</source>
        <translation>config 需要子命令：check</translation>
    </message>
    <message>
        <source>unknown config subcommand &apos;%1&apos;</source>
        <translation>未知的 config 子命令 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>inspect needs a subject: metrics, nvidia-smi or topo</source>
        <translation>inspect 需要对象：metrics、nvidia-smi 或 topo</translation>
    </message>
    <message>
        <source>unknown inspect subject &apos;%1&apos;</source>
        <translation>未知的 inspect 对象 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>inspect metrics needs exactly one file</source>
        <translation>inspect metrics 需要且只需要一个文件</translation>
    </message>
    <message>
        <source>inspect nvidia-smi needs exactly one file</source>
        <translation>inspect nvidia-smi 需要且只需要一个文件</translation>
    </message>
    <message>
        <source>inspect topo needs one FILE (the output of nvidia-smi topo -m)</source>
        <translation>inspect topo 需要一个 FILE（nvidia-smi topo -m 的输出）</translation>
    </message>
    <message>
        <source>%1 (%2), sent to: %3</source>
        <translation>%1（%2），提交到：%3</translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; (expected %2 with a value)</source>
        <translation>意外的 &apos;%1&apos;（应为带值的 %2）</translation>
    </message>
    <message>
        <source>expected: jobs %1 ID</source>
        <translation>用法：jobs %1 ID</translation>
    </message>
    <message>
        <source>jobs submit needs --gpus N</source>
        <translation>jobs submit 需要 --gpus N</translation>
    </message>
    <message>
        <source>--backend must be embedded, slurm or kubernetes, not &apos;%1&apos;</source>
        <translation>--backend 必须是 embedded、slurm 或 kubernetes，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--state must be pending, running, completed, failed, cancelled or preempted, not &apos;%1&apos;</source>
        <translation>--state 必须是 pending、running、completed、failed、cancelled 或 preempted，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>STATE</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>USER</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>GPUS</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>WHERE / WHY</source>
        <translation>位置 / 原因</translation>
    </message>
    <message>
        <source>events takes --open and --limit N, not &apos;%1&apos;</source>
        <translation>events 接受 --open 和 --limit N，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>  (acknowledged)</source>
        <translation>  （已确认）</translation>
    </message>
    <message>
        <source>logs templates needs one FILE</source>
        <translation>logs templates 需要一个 FILE</translation>
    </message>
    <message>
        <source>unknown logs subcommand &apos;%1&apos;</source>
        <translation>未知的 logs 子命令 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>plan: unknown option &apos;%1&apos;</source>
        <translation>plan：未知选项 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>plan: %1 needs a value</source>
        <translation>plan：%1 需要一个值</translation>
    </message>
    <message>
        <source>plan: %1 needs a number, not &apos;%2&apos;</source>
        <translation>plan：%1 需要数字，而不是 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>plan: %1 needs a whole number, not &apos;%2&apos;</source>
        <translation>plan：%1 需要整数，而不是 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>plan: --fsdp is one of %1, not &apos;%2&apos;</source>
        <translation>plan：--fsdp 取 %1 之一，而不是 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>plan needs --model-params N (e.g. 13e9)</source>
        <translation>plan 需要 --model-params N（例如 13e9）</translation>
    </message>
    <message>
        <source>report: an option is missing its value</source>
        <translation>report：有选项缺少值</translation>
    </message>
    <message>
        <source>report: unexpected argument &apos;%1&apos;</source>
        <translation>report：意外的参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>report needs --format pdf, html or csv</source>
        <translation>report 需要 --format pdf、html 或 csv</translation>
    </message>
    <message>
        <source>report needs -o PATH (a file; a folder for csv)</source>
        <translation>report 需要 -o PATH（文件；csv 时为文件夹）</translation>
    </message>
    <message>
        <source>report --snapshot: the snapshot holds its range; --from, --to and --seed are for gathering one</source>
        <translation>report --snapshot：快照自带时间范围；--from、--to 和 --seed 用于采集快照</translation>
    </message>
    <message>
        <source>--sections: no section &apos;%1&apos;</source>
        <translation>--sections：没有章节 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>snapshot: an option is missing its value</source>
        <translation>snapshot：有选项缺少值</translation>
    </message>
    <message>
        <source>snapshot: unexpected argument &apos;%1&apos;</source>
        <translation>snapshot：意外的参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>snapshot needs -o FILE (and takes no --format or --snapshot)</source>
        <translation>snapshot 需要 -o FILE（且不接受 --format 或 --snapshot）</translation>
    </message>
    <message>
        <source>sim --trace takes no argument &apos;%1&apos;</source>
        <translation>sim --trace 不接受参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown policy &apos;%1&apos;; the policies are fifo, bestfit, default</source>
        <translation>未知策略 &apos;%1&apos;；可用策略为 fifo、bestfit、default</translation>
    </message>
    <message>
        <source>--seed expects a whole number &gt;= 0, got &apos;%1&apos;</source>
        <translation>--seed 需要 &gt;= 0 的整数，得到的是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--seed is for --inflate (the time-based replay is deterministic)</source>
        <translation>--seed 只用于 --inflate（基于时间的回放是确定性的）</translation>
    </message>
    <message>
        <source>(open)</source>
        <translation>（未结束）</translation>
    </message>
    <message>
        <source>value %1 outside [%2, %3], worst %4 (score %5)</source>
        <translation>值 %1 超出 [%2, %3]，最差 %4（得分 %5）</translation>
    </message>
    <message>
        <source>%1 row(s), %2 event(s), %3 row(s) dropped (time not moving forward)</source>
        <translation>%1 行，%2 个事件，丢弃 %3 行（时间未向前推进）</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2 samples in %3 metric families</source>
        <translation>%1：%3 个指标族，共 %2 个样本</translation>
    </message>
    <message>
        <source>1 sample</source>
        <translation>1 个样本</translation>
    </message>
    <message>
        <source>%1 samples</source>
        <translation>%1 个样本</translation>
    </message>
    <message>
        <source>, unit %1</source>
        <translation>，单位 %1</translation>
    </message>
    <message>
        <source>%1: nvidia-smi %2, %3 GPU(s)</source>
        <translation>%1：nvidia-smi %2，%3 块 GPU</translation>
    </message>
    <message>
        <source>, driver %1</source>
        <translation>，驱动 %1</translation>
    </message>
    <message>
        <source>, CUDA %1</source>
        <translation>，CUDA %1</translation>
    </message>
    <message>
        <source>, at %1</source>
        <translation>，采集于 %1</translation>
    </message>
    <message>
        <source>pstate %1, PCIe gen %2/%3 x%4, MIG %5</source>
        <translation>性能状态 %1，PCIe 第 %2/%3 代 x%4，MIG %5</translation>
    </message>
    <message>
        <source> (%1 instances)</source>
        <translation>（%1 个实例）</translation>
    </message>
    <message>
        <source>, VBIOS %1</source>
        <translation>，VBIOS %1</translation>
    </message>
    <message>
        <source>not reported: %1</source>
        <translation>未报告：%1</translation>
    </message>
    <message>
        <source>%1 GPU(s), %2 NIC(s), %3 NUMA domain(s)</source>
        <translation>%1 块 GPU，%2 个网卡，%3 个 NUMA 域</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>preempted</source>
        <translation>已抢占</translation>
    </message>
    <message>
        <source>%1 needs a whole number from %2 to %3, got &apos;%4&apos;</source>
        <translation>%1 需要 %2 到 %3 之间的整数，实际为 &apos;%4&apos;</translation>
    </message>
    <message>
        <source>%1: no source &apos;%2&apos; (name it with --source)</source>
        <translation>%1：没有来源 &apos;%2&apos;（用 --source 指定）</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>%1 line(s), %2 template(s), %3 truncated, %4 not in the format</source>
        <translation>%1 行，%2 个模板，%3 行被截断，%4 行不符合格式</translation>
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
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>Training on %1 x %2 (%3 node(s) x %4), topology %5</source>
        <translation>训练：%1 块 %2（%3 个节点 x %4），拓扑 %5</translation>
    </message>
    <message>
        <source>Inference on %1 x %2 (%3 node(s) x %4), topology %5</source>
        <translation>推理：%1 块 %2（%3 个节点 x %4），拓扑 %5</translation>
    </message>
    <message>
        <source>Model: %1 parameters, %2 layers, hidden %3, %4 heads (%5 KV)</source>
        <translation>模型：%1 个参数，%2 层，隐藏维度 %3，%4 个注意力头（%5 个 KV 头）</translation>
    </message>
    <message>
        <source>, shape from %1</source>
        <translation>，结构取自 %1</translation>
    </message>
    <message>
        <source>Configuration: %1</source>
        <translation>配置：%1</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每块 GPU 的显存</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>reserve</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>of %1</source>
        <translation>共 %1</translation>
    </message>
    <message>
        <source>FITS</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>DOES NOT FIT</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>largest micro-batch that fits: %1</source>
        <translation>放得下的最大 micro-batch：%1</translation>
    </message>
    <message>
        <source>largest batch that fits: %1</source>
        <translation>放得下的最大 batch：%1</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>compute %1 ms, bubble %2 ms, TP %3 ms, PP %4 ms, DP %5 ms (%6)</source>
        <translation>计算 %1 ms，流水线气泡 %2 ms，TP %3 ms，PP %4 ms，DP %5 ms（%6）</translation>
    </message>
    <message>
        <source>step %1 ms with overlap (communication %2%), %3 ms without (%4%)</source>
        <translation>计算与通信重叠时每步 %1 ms（通信占 %2%），不重叠时 %3 ms（%4%）</translation>
    </message>
    <message>
        <source>with %1 gradients: DP %2 ms, step %3 ms (communication %4%)</source>
        <translation>梯度采用 %1 时：DP %2 ms，每步 %3 ms（通信占 %4%）</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>, job %1 steps = %2</source>
        <translation>，作业共 %1 步 = %2</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>prefill %1 ms, %2 ms per generated token, %3 tokens/s</source>
        <translation>prefill %1 ms，每生成一个 token %2 ms，%3 tokens/s</translation>
    </message>
    <message>
        <source>, one request %1</source>
        <translation>，单个请求 %1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Configurations that fit, fastest first</source>
        <translation>放得下的配置（最快的在前）</translation>
    </message>
    <message>
        <source>%1 tok/s</source>
        <translation>%1 tok/s</translation>
    </message>
    <message>
        <source>(as asked)</source>
        <translation>（按所请求）</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: expected an ISO 8601 time such as 2026-01-01T00:00:00Z, or milliseconds since the epoch</source>
        <translation>%1 &apos;%2&apos;：应为 ISO 8601 时间（如 2026-01-01T00:00:00Z）或自纪元起的毫秒数</translation>
    </message>
    <message>
        <source>cannot reach %1</source>
        <translation>无法连接 %1</translation>
    </message>
    <message>
        <source>--to must be after --from</source>
        <translation>--to 必须晚于 --from</translation>
    </message>
    <message>
        <source>%1 report of %2, %3 to %4, written to %5</source>
        <translation>%2 的 %1 报告（%3 至 %4）已写入 %5</translation>
    </message>
    <message>
        <source>GPU-hours available %1, allocated %2, used %3; mean utilization %4%</source>
        <translation>可用 GPU 小时 %1，已分配 %2，已使用 %3；平均利用率 %4%</translation>
    </message>
    <message>
        <source>snapshot of %1, %2 to %3 (%4 jobs, %5 events, %6 series) written to %7</source>
        <translation>%1 的快照（%2 至 %3；%4 个作业，%5 个事件，%6 条序列）已写入 %7</translation>
    </message>
    <message>
        <source>policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>failed_jobs</source>
        <translation>失败作业数</translation>
    </message>
    <message>
        <source>rejected_jobs</source>
        <translation>被拒作业数</translation>
    </message>
    <message>
        <source>first_rejection</source>
        <translation>首次拒绝原因</translation>
    </message>
    <message>
        <source>completed_jobs</source>
        <translation>已完成作业数</translation>
    </message>
    <message>
        <source>unallocated_gpu_fraction</source>
        <translation>未分配 GPU 比例</translation>
    </message>
    <message>
        <source>failed_gpu_fraction</source>
        <translation>失败 GPU 比例</translation>
    </message>
    <message>
        <source>capacity_gpus</source>
        <translation>GPU 容量</translation>
    </message>
    <message>
        <source>requested_gpus</source>
        <translation>请求的 GPU 数</translation>
    </message>
    <message>
        <source>allocated_gpus</source>
        <translation>已分配 GPU 数</translation>
    </message>
    <message>
        <source>utilization_mean</source>
        <translation>平均利用率</translation>
    </message>
    <message>
        <source>allocation_rate_mean</source>
        <translation>平均分配率</translation>
    </message>
    <message>
        <source>wait_s_mean</source>
        <translation>平均等待（秒）</translation>
    </message>
    <message>
        <source>wait_s_p50</source>
        <translation>等待 P50（秒）</translation>
    </message>
    <message>
        <source>wait_s_p95</source>
        <translation>等待 P95（秒）</translation>
    </message>
    <message>
        <source>jct_s_mean</source>
        <translation>平均完成时间（秒）</translation>
    </message>
    <message>
        <source>jct_s_p50</source>
        <translation>完成时间 P50（秒）</translation>
    </message>
    <message>
        <source>jct_s_p95</source>
        <translation>完成时间 P95（秒）</translation>
    </message>
    <message>
        <source>makespan_s</source>
        <translation>总完工时间（秒）</translation>
    </message>
    <message>
        <source>preemptions</source>
        <translation>抢占次数</translation>
    </message>
    <message>
        <source>preemptions_one_job_max</source>
        <translation>单个作业最多抢占次数</translation>
    </message>
    <message>
        <source>fragmentation_mean</source>
        <translation>平均碎片率</translation>
    </message>
    <message>
        <source>recovery_s_mean</source>
        <translation>平均恢复时间（秒）</translation>
    </message>
    <message>
        <source>inflation</source>
        <translation>负载膨胀</translation>
    </message>
    <message>
        <source>replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>unconfigured</source>
        <translation>未配置</translation>
    </message>
    <message>
        <source>registered</source>
        <translation>已注册</translation>
    </message>
    <message>
        <source>simulated</source>
        <translation>模拟</translation>
    </message>
    <message>
        <source>configured</source>
        <translation>已配置</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>unknown model</source>
        <translation>型号未知</translation>
    </message>
    <message>
        <source>ADDRESS</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>REPORTING</source>
        <translation>上报</translation>
    </message>
    <message>
        <source>KNOWN FROM</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>REGISTERED (UTC)</source>
        <translation>注册时间 (UTC)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>nodes takes no argument &apos;%1&apos;</source>
        <translation>nodes 不接受参数“%1”</translation>
    </message>
    <message>
        <source>%1 waits: %2</source>
        <translation>%1 在等待：%2</translation>
    </message>
    <message>
        <source>the scheduler has not said why yet</source>
        <translation>调度器尚未说明原因</translation>
    </message>
    <message>
        <source>number %1 in the scheduling order</source>
        <translation>调度顺序中的第 %1 位</translation>
    </message>
    <message>
        <source>%1 does not wait: it runs on %2</source>
        <translation>%1 没有在等待：它运行在 %2</translation>
    </message>
    <message>
        <source>%1 does not wait: it has ended (%2, exit code %3)</source>
        <translation>%1 没有在等待：它已结束（%2，退出码 %3）</translation>
    </message>
    <message>
        <source>preempted %1 times, requeued %2 times</source>
        <translation>被抢占 %1 次，重新排队 %2 次</translation>
    </message>
    <message>
        <source>planner: %1</source>
        <translation>规划器：%1</translation>
    </message>
    <message>
        <source>%1 job %2: %3</source>
        <translation>%1 作业 %2：%3</translation>
    </message>
    <message>
        <source>expected: jobs submit|list|get|why|cancel|requeue</source>
        <translation>应为：jobs submit|list|get|why|cancel|requeue</translation>
    </message>
    <message>
        <source>%1 takes no argument &apos;%2&apos;</source>
        <translation>%1 不接受参数 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>GetSummary calls per second</source>
        <translation>每秒 GetSummary 调用数</translation>
    </message>
    <message>
        <source>GetSummary round trip, median</source>
        <translation>GetSummary 往返时间，中位数</translation>
    </message>
    <message>
        <source>GetSummary round trip, p99</source>
        <translation>GetSummary 往返时间，p99</translation>
    </message>
    <message>
        <source>GPU chart query (1 h, median of 5)</source>
        <translation>GPU 图表查询（1 小时，5 次的中位数）</translation>
    </message>
    <message>
        <source>%1 calls in %2 s; the chart query returned %3 series, %4 points</source>
        <translation>%2 秒内 %1 次调用；图表查询返回 %3 条序列，%4 个点</translation>
    </message>
    <message>
        <source>--level must be info, warning, error or critical, not &apos;%1&apos;</source>
        <translation>--level 必须为 info、warning、error 或 critical，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>no log lines match</source>
        <translation>没有匹配的日志行</translation>
    </message>
    <message>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>util %</source>
        <translation>利用率 %</translation>
    </message>
    <message>
        <source>memory MiB</source>
        <translation>显存 MiB</translation>
    </message>
    <message>
        <source>temp C</source>
        <translation>温度 C</translation>
    </message>
    <message>
        <source>power W</source>
        <translation>功耗 W</translation>
    </message>
    <message>
        <source>SM MHz</source>
        <translation>SM MHz</translation>
    </message>
    <message>
        <source>XID</source>
        <translation>XID</translation>
    </message>
    <message>
        <source>job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>no GPU reported in the last minute</source>
        <translation>最近一分钟没有 GPU 上报数据</translation>
    </message>
    <message>
        <source>%1 of %2 GPUs busy, %3 jobs running, %4 pending, %5 anomalies open</source>
        <translation>%2 块 GPU 中 %1 块繁忙，%3 个作业运行中，%4 个等待中，%5 个未处理异常</translation>
    </message>
    <message>
        <source>query needs a metric, e.g. query DCGM_FI_DEV_GPU_UTIL</source>
        <translation>query 需要一个指标，例如 query DCGM_FI_DEV_GPU_UTIL</translation>
    </message>
    <message>
        <source>--agg must be avg, min, max, sum or p95, not &apos;%1&apos;</source>
        <translation>--agg 必须为 avg、min、max、sum 或 p95，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--agg needs --step SECONDS</source>
        <translation>--agg 需要 --step SECONDS</translation>
    </message>
    <message>
        <source>no series of %1 in the last %2 s</source>
        <translation>最近 %2 秒内没有 %1 的序列</translation>
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
        <translation>用法：supernodectl [--json] [--lang zh_CN|en] [--config cluster.yaml] COMMAND [ARGS]
      supernodectl --remote grpcs://HOST:PORT --token-file F [--ca F] [--client-cert F --client-key F] COMMAND

命令：
  status [--after SECONDS]         引擎运行该时长后的集群主要数字（GPU、利用率、温度、
                                   功耗、作业、异常）
  nodes                            每个节点：地址、GPU（数量和型号）、是否在上报、
                                   来源（cluster.yaml 配置的 configured、其代理注册的
                                   registered；unconfigured：仅其代理知道）或模拟器，
                                   以及其代理最近一次注册的时间
  sim faults                       模拟超节点可注入的故障
  sim run [--seconds N] [--seed S] [--inject KIND:NODE[:INDEX][@SECOND]]...
                                   在虚拟时间中运行模拟超节点并注入故障，
                                   输出概要和产生的事件
  sim --trace FILE [--nodes NODES.csv] [--policy fifo|bestfit|default] [--inflate [--seed N]]
                                   在虚拟时间中用调度器回放作业轨迹（Alibaba OpenB 或
                                   通用 CSV），或运行 FGD 负载膨胀
  config check FILE                校验 cluster.yaml；错误会指出行号和列号
  inspect nvidia-smi FILE          nvidia-smi 解析器从采集的 `-q -x` XML 或 `--query-gpu`
                                   CSV（带表头）中读到的内容；错误会指出行号
                                   和列号
  inspect metrics FILE             Prometheus 文本解析器从采集的 /metrics 中读到的内容：
                                   指标族、类型、序列、数值
  inspect topo FILE [--host NAME] [--gpu-model MODEL] [--nccl-env | --nccl-xml]
                                   从采集的 nvidia-smi topo -m 读出的拓扑图：
                                   设备、每对设备的链路类型、网卡与 NUMA 亲和性；
                                   --nccl-env：它所需要的 NCCL 环境变量及原因；
                                   --nccl-xml：它的 NCCL_TOPO_FILE（需要 PCI 总线 ID）
  logs [--node N] [--gpu G] [--job ID] [--contains TEXT] [--level info|warning|error|critical]
       [--last SECONDS] [--limit N]
                                   引擎收集的日志行（默认：最近一小时，100 行）
  logs templates FILE [--format FORMAT] [--settings FILE --source NAME]
                                   日志文件每一行的模板（--json：每行一个对象，
                                   最后是汇总）；FORMAT 形如
                                   &apos;&lt;Date&gt; &lt;Time&gt; &lt;Level&gt; &lt;Component&gt;: &lt;Content&gt;&apos;
  anomaly scan FILE.csv            对 timestamp,value 序列运行指标异常检测器
                                   （NAB 的格式）；--json：每行一个对象
  plan --model-params N [--gpus N] [--gpu-model MODEL] [--nodes N] [--tp N] [--pp N]
       [--zero 0-3 | --fsdp FULL_SHARD|SHARD_GRAD_OP|NO_SHARD] [--precision fp32|fp16|bf16|fp8] [--optimizer adam|adamw|sgd|adam8bit]
       [--seq N] [--micro-batch N] [--grad-accum N] [--checkpointing none|selective|full]
       [--sequence-parallel] [--layers N --hidden N --heads N --kv-heads N --head-dim N]
       [--mfu F] [--overlap F] [--compression none|fp8|ratio:R|topk:F] [--reserve-gib G]
       [--tokens N] [--nics-per-node N] [--nic-gbps G] [--explain]
       [--inference [--weights fp16|bf16|fp8|int8|int4] [--kv-cache FORMAT] [--batch N]
                    [--output-tokens N]]
                                   模型能否放进这些 GPU、需要多久、应如何运行：
                                   每 GPU 显存、可放下的最大微批次、每步和
                                   作业时间、通信占比、可行的配置；
                                   默认用集群的 GPU 和拓扑，除非 --gpu-model 指定
                                   其他型号（docs/planner.md）；--explain：每个数字
                                   是如何算出的
  jobs submit --gpus N [--name S] [--user U] [--queue Q] [--priority-class C] [--runtime SECONDS]
       [--backend embedded|slurm|kubernetes] [--command CMD] [--nodes N] [--tasks-per-node N]
       [--cpus N] [--partition P] [--time-limit SECONDS] [--workdir DIR] [--gpu-model M]
       [--image IMAGE] [--dry-run]
                                   提交作业（也可用 supernodectl submit ...）；--dry-run 输出
                                   将发给后端的确切内容（sbatch 脚本、清单），
                                   并在 stderr 上输出它要执行的命令
  jobs list [--state STATE] [--limit N] | jobs get ID | jobs cancel ID | jobs requeue ID
                                   作业（配合 --remote 使用：作业由守护进程保存）
  jobs why ID                      作业为何等待（调度器给出的原因、它在调度顺序中的位置），
                                   或者它不在等待时正在做什么
  events [--open] [--limit N]      事件时间线，最新的在前
  gpus [--node N] [--after SECONDS]
                                   每块 GPU 最近一分钟的最新值：利用率、显存、温度、
                                   功耗、SM 时钟、最近的 XID、作业
  top [--node N] [--interval SECONDS] [--iterations N]
                                   同上，最忙的 GPU 在前，上方是集群概况，
                                   每隔 interval 刷新（直到中断，或刷新 N 次）
  query METRIC [--node N] [--gpu G] [--last SECONDS] [--step SECONDS]
        [--agg avg|min|max|sum|p95] [--by LABEL,...]
                                   某个指标在最近 SECONDS 秒（默认 300）内的序列：原始点，
                                   或每个 step 一个点（配合 --agg 跨序列聚合）
  bench [--seconds N]              从这里测量该引擎的响应速度：GetSummary 往返
                                   和一次 GPU 图表查询（只读）
  certs init DIR [--host NAME]...  在 DIR 中创建 CA、服务器证书（用于 127.0.0.1、localhost
                                   和每个 NAME）以及客户端证书；密钥权限 0600
  tokens create --role viewer|operator|admin --file F [--name NAME]
                                   向 supernoded 的 tokens 文件添加令牌（以哈希保存），
                                   并输出该令牌，仅此一次
  known-hosts add [USER@]HOST[:PORT] [--accept-host-key SHA256:...] [--known-hosts FILE]
                                   记录节点的 SSH 主机密钥（以发起连接的程序的
                                   用户运行：supernoded、引擎）；不给指纹时
                                   显示该密钥并拒绝
  report [--from T] [--to T] [--scope cluster|node:N|queue:Q|job:ID] [--sections a,b]
         [--snapshot FILE] [--seed N] [--lang zh_CN|en] --format pdf|html|csv -o PATH
                                   某时间范围的集群报告（默认：最近 24 小时；
                                   内置的模拟超节点会先模拟该时间范围）；
                                   csv 在文件夹 PATH 中每个表格写一个文件；
                                   --lang：报告的语言（默认：LANG）；
                                   T：ISO 8601（2026-01-01T00:00:00Z）或纪元毫秒数
  snapshot [--from T] [--to T] [--scope S] -o FILE
                                   把该时间范围的数据存成一个文件，report --snapshot
                                   可在另一台机器上据此生成同样的报告
  version                          输出版本号

选项：
  --json                           输出一个 JSON 对象（字段名与 supernode.proto 一致）
  --lang zh_CN|en                  人类可读输出的语言（默认：LC_ALL、
                                   LC_MESSAGES、LANG）；--json 的键和退出码不变
  --config FILE                    要模拟的 cluster.yaml（默认：内置演示集群，
                                   2 个节点 x 8 H100 80GB）
  --remote URL                     连接 supernoded：grpcs://HOST:PORT（TLS）或 grpc://...
  --token-file F                   持有者令牌，一行（supernodectl tokens create）
  --ca F                           签发守护进程证书的 CA（certs init：ca.pem）
  --client-cert F --client-key F   用于要求双向 TLS 的守护进程

退出码：0 成功，1 请求失败，2 用法错误，3 输入无效，4 引擎不可用。
</translation>
    </message>
    <message>
        <source>expected: known-hosts add [USER@]HOST[:PORT] [--accept-host-key SHA256:...] [--known-hosts FILE] [--ssh-config FILE]</source>
        <translation>应为：known-hosts add [USER@]HOST[:PORT] [--accept-host-key SHA256:...] [--known-hosts FILE] [--ssh-config FILE]</translation>
    </message>
    <message>
        <source>--accept-host-key takes a fingerprint as ssh-keygen -l prints it (SHA256:...), not &apos;%1&apos;</source>
        <translation>--accept-host-key 需要 ssh-keygen -l 输出格式的指纹（SHA256:...），而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Compare the fingerprint with the one the node shows (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on its console), then run this again with --accept-host-key and that fingerprint.</source>
        <translation>请将该指纹与节点显示的指纹（在节点控制台上运行 ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub）核对，然后带上 --accept-host-key 和该指纹重新运行此命令。</translation>
    </message>
    <message>
        <source>%1: its host key is known already</source>
        <translation>%1：其主机密钥已是已知的</translation>
    </message>
    <message>
        <source>%1: host key %2 recorded</source>
        <translation>%1：已记录主机密钥 %2</translation>
    </message>
</context>
<context>
    <name>sn::logs::Signature</name>
    <message>
        <source>Graphics engine exception (Xid 13)</source>
        <translation>图形引擎异常（Xid 13）</translation>
    </message>
    <message>
        <source>The GPU&apos;s graphics/compute engine raised an exception, most often an application bug (out-of-range access, illegal instruction); rarely driver or hardware.</source>
        <translation>GPU 的图形/计算引擎报告异常，多半是应用程序缺陷（越界访问、非法指令），少数情况下是驱动或硬件问题。</translation>
    </message>
    <message>
        <source>Check the job&apos;s own errors (compute-sanitizer); if several jobs hit it on this GPU, run dcgmi diag -r 3.</source>
        <translation>检查作业自身的错误（compute-sanitizer）；若多个作业在此 GPU 上都遇到，运行 dcgmi diag -r 3。</translation>
    </message>
    <message>
        <source>GPU memory page fault (Xid 31)</source>
        <translation>GPU 显存页错误（Xid 31）</translation>
    </message>
    <message>
        <source>A process accessed GPU memory it does not own (an MMU fault), usually an application bug.</source>
        <translation>某进程访问了不属于它的 GPU 显存（MMU 故障），通常是应用程序缺陷。</translation>
    </message>
    <message>
        <source>Look at the process named in the line; if it repeats across different jobs, run GPU diagnostics.</source>
        <translation>查看该行中指明的进程；若在不同作业中反复出现，运行 GPU 诊断。</translation>
    </message>
    <message>
        <source>GPU stopped processing (Xid 43)</source>
        <translation>GPU 停止处理（Xid 43）</translation>
    </message>
    <message>
        <source>The driver stopped a channel after an application fault; the GPU itself stays healthy.</source>
        <translation>驱动在应用程序故障后停止了一个通道；GPU 本身仍然正常。</translation>
    </message>
    <message>
        <source>Restart the failed job; no GPU action needed unless it repeats.</source>
        <translation>重新启动失败的作业；除非反复出现，GPU 无需处理。</translation>
    </message>
    <message>
        <source>Preemptive cleanup (Xid 45)</source>
        <translation>抢先清理（Xid 45）</translation>
    </message>
    <message>
        <source>The driver cleaned up channels of a process that was killed or failed after an earlier error.</source>
        <translation>驱动清理了一个在先前错误后被终止或失败的进程的通道。</translation>
    </message>
    <message>
        <source>Look for the earlier Xid or signal that caused it; nothing to do on its own.</source>
        <translation>查找引起它的先前 Xid 或信号；它本身无需处理。</translation>
    </message>
    <message>
        <source>Double-bit ECC error (Xid 48)</source>
        <translation>双比特 ECC 错误（Xid 48）</translation>
    </message>
    <message>
        <source>An uncorrectable (double-bit) ECC error in GPU memory; applications on the GPU got bad data or were stopped.</source>
        <translation>GPU 显存中出现不可纠正（双比特）的 ECC 错误；该 GPU 上的应用程序读到了错误数据或已被停止。</translation>
    </message>
    <message>
        <source>Drain the GPU, reset it (nvidia-smi -r) to retire the page / remap the row; replace it if DBEs recur.</source>
        <translation>排空该 GPU，重置它（nvidia-smi -r）以停用该页或重映射该行；若 DBE 再次出现，更换它。</translation>
    </message>
    <message>
        <source>Internal micro-controller warning (Xid 61)</source>
        <translation>内部微控制器警告（Xid 61）</translation>
    </message>
    <message>
        <source>The GPU&apos;s internal micro-controller (PMU) hit a breakpoint or warning; the GPU may stop responding.</source>
        <translation>GPU 的内部微控制器（PMU）遇到断点或警告；GPU 可能停止响应。</translation>
    </message>
    <message>
        <source>Reset the GPU; update the driver; collect nvidia-bug-report.sh if it recurs.</source>
        <translation>重置 GPU；更新驱动；若再次出现，收集 nvidia-bug-report.sh。</translation>
    </message>
    <message>
        <source>Internal micro-controller halt (Xid 62)</source>
        <translation>内部微控制器停机（Xid 62）</translation>
    </message>
    <message>
        <source>The GPU&apos;s internal micro-controller halted; the GPU no longer works until reset.</source>
        <translation>GPU 的内部微控制器已停机；重置之前 GPU 无法工作。</translation>
    </message>
    <message>
        <source>Drain the node&apos;s GPU, reset it or reboot; collect nvidia-bug-report.sh; RMA if it recurs.</source>
        <translation>排空该节点的 GPU，重置它或重启；收集 nvidia-bug-report.sh；若再次出现，申请 RMA。</translation>
    </message>
    <message>
        <source>ECC page retirement / row remapping recorded (Xid 63)</source>
        <translation>已记录 ECC 页停用 / 行重映射（Xid 63）</translation>
    </message>
    <message>
        <source>The driver recorded a memory page retirement or a row remapping after ECC errors; it takes effect at the next GPU reset.</source>
        <translation>驱动在 ECC 错误后记录了一次显存页停用或行重映射；它在下次 GPU 重置时生效。</translation>
    </message>
    <message>
        <source>Schedule a GPU reset when idle; watch retired pages / remapped rows (nvidia-smi -q -d ROW_REMAPPER).</source>
        <translation>在空闲时安排一次 GPU 重置；关注已停用的页 / 已重映射的行（nvidia-smi -q -d ROW_REMAPPER）。</translation>
    </message>
    <message>
        <source>ECC page retirement / row remapping failed (Xid 64)</source>
        <translation>ECC 页停用 / 行重映射失败（Xid 64）</translation>
    </message>
    <message>
        <source>The driver could not record a page retirement or row remapping: the bad memory stays in use.</source>
        <translation>驱动未能记录页停用或行重映射：坏的显存仍在使用中。</translation>
    </message>
    <message>
        <source>Drain and reset the GPU; if row remapping failed or is exhausted, replace the GPU.</source>
        <translation>排空并重置该 GPU；若行重映射失败或已耗尽，更换该 GPU。</translation>
    </message>
    <message>
        <source>Video decoder exception (Xid 68)</source>
        <translation>视频解码器异常（Xid 68）</translation>
    </message>
    <message>
        <source>The NVDEC video decoder raised an exception, usually because of bad input or an application bug.</source>
        <translation>NVDEC 视频解码器报告异常，通常由错误的输入或应用程序缺陷引起。</translation>
    </message>
    <message>
        <source>Check the decoding application and its input; reset the GPU only if it repeats.</source>
        <translation>检查解码应用程序及其输入；仅在反复出现时重置 GPU。</translation>
    </message>
    <message>
        <source>Graphics engine class error (Xid 69)</source>
        <translation>图形引擎类错误（Xid 69）</translation>
    </message>
    <message>
        <source>The graphics engine received an invalid class or method, a driver or hardware fault.</source>
        <translation>图形引擎收到无效的类或方法，属于驱动或硬件故障。</translation>
    </message>
    <message>
        <source>Reset the GPU; update the driver; run dcgmi diag if it repeats.</source>
        <translation>重置 GPU；更新驱动；若反复出现，运行 dcgmi diag。</translation>
    </message>
    <message>
        <source>NVLink error (Xid 74)</source>
        <translation>NVLink 错误（Xid 74）</translation>
    </message>
    <message>
        <source>An NVLink link reported an error; collectives between GPUs may fail or fall back to PCIe.</source>
        <translation>一条 NVLink 链路报告错误；GPU 之间的集合通信可能失败或退回 PCIe。</translation>
    </message>
    <message>
        <source>Check nvidia-smi nvlink -e counters; reset the GPUs on the link; reseat or service the board if it recurs.</source>
        <translation>检查 nvidia-smi nvlink -e 计数器；重置该链路上的 GPU；若再次出现，重新插拔或维修该板卡。</translation>
    </message>
    <message>
        <source>GPU has fallen off the bus (Xid 79)</source>
        <translation>GPU 已从总线上掉线（Xid 79）</translation>
    </message>
    <message>
        <source>The GPU stopped answering on PCIe: every job on it has failed and it is invisible until reboot.</source>
        <translation>GPU 在 PCIe 上不再应答：其上的所有作业均已失败，重启之前它不可见。</translation>
    </message>
    <message>
        <source>Drain the node, check power, cooling and PCIe seating, reboot; replace the GPU if it falls off again.</source>
        <translation>排空该节点，检查供电、散热和 PCIe 插接，然后重启；若 GPU 再次掉线，更换它。</translation>
    </message>
    <message>
        <source>High single-bit ECC error rate (Xid 92)</source>
        <translation>单比特 ECC 错误率高（Xid 92）</translation>
    </message>
    <message>
        <source>The GPU corrects single-bit ECC errors at a high rate: memory is degrading.</source>
        <translation>GPU 以很高的速率纠正单比特 ECC 错误：显存正在劣化。</translation>
    </message>
    <message>
        <source>Watch volatile ECC counters; schedule diagnostics and a reset; plan a replacement if the rate grows.</source>
        <translation>关注易失性 ECC 计数器；安排诊断和一次重置；若错误率上升，计划更换。</translation>
    </message>
    <message>
        <source>Contained ECC error (Xid 94)</source>
        <translation>已隔离的 ECC 错误（Xid 94）</translation>
    </message>
    <message>
        <source>An uncorrectable ECC error was contained: only the applications using that memory were stopped.</source>
        <translation>一个不可纠正的 ECC 错误已被隔离：只有使用该显存的应用程序被停止。</translation>
    </message>
    <message>
        <source>Restart the affected jobs; reset the GPU when idle so the row is remapped.</source>
        <translation>重新启动受影响的作业；在空闲时重置 GPU，使该行被重映射。</translation>
    </message>
    <message>
        <source>Uncontained ECC error (Xid 95)</source>
        <translation>未隔离的 ECC 错误（Xid 95）</translation>
    </message>
    <message>
        <source>An uncorrectable ECC error could not be contained: every application on the GPU is affected.</source>
        <translation>一个不可纠正的 ECC 错误未能隔离：该 GPU 上的所有应用程序都受到影响。</translation>
    </message>
    <message>
        <source>Drain the GPU and reset it now; replace it if uncontained errors recur.</source>
        <translation>立即排空并重置该 GPU；若再次出现未隔离的错误，更换它。</translation>
    </message>
    <message>
        <source>GSP RPC timeout (Xid 119)</source>
        <translation>GSP RPC 超时（Xid 119）</translation>
    </message>
    <message>
        <source>The driver timed out waiting for the GPU System Processor (GSP); the GPU may hang.</source>
        <translation>驱动等待 GPU 系统处理器（GSP）超时；GPU 可能挂起。</translation>
    </message>
    <message>
        <source>Reset the GPU or reboot; update the driver; if it recurs, try the driver with GSP firmware disabled.</source>
        <translation>重置 GPU 或重启；更新驱动；若再次出现，尝试禁用 GSP 固件运行驱动。</translation>
    </message>
    <message>
        <source>GSP error (Xid 120)</source>
        <translation>GSP 错误（Xid 120）</translation>
    </message>
    <message>
        <source>The GPU System Processor reported an error.</source>
        <translation>GPU 系统处理器报告了错误。</translation>
    </message>
    <message>
        <source>Reset the GPU; collect nvidia-bug-report.sh; update the driver.</source>
        <translation>重置 GPU；收集 nvidia-bug-report.sh；更新驱动。</translation>
    </message>
    <message>
        <source>NVIDIA driver error (Xid)</source>
        <translation>NVIDIA 驱动错误（Xid）</translation>
    </message>
    <message>
        <source>The NVIDIA driver reported an Xid this library has no entry for.</source>
        <translation>NVIDIA 驱动报告了一个本库没有收录的 Xid。</translation>
    </message>
    <message>
        <source>Look the code up in NVIDIA&apos;s Xid catalogue; collect nvidia-bug-report.sh.</source>
        <translation>在 NVIDIA 的 Xid 目录中查找该代码；收集 nvidia-bug-report.sh。</translation>
    </message>
    <message>
        <source>NVSwitch fatal error (SXid)</source>
        <translation>NVSwitch 致命错误（SXid）</translation>
    </message>
    <message>
        <source>An NVSwitch reported a fatal error: NVLink traffic through it stopped and jobs using it fail.</source>
        <translation>一个 NVSwitch 报告致命错误：经过它的 NVLink 流量已停止，使用它的作业会失败。</translation>
    </message>
    <message>
        <source>Drain the node, reset the fabric (reboot or nvidia-smi -r with Fabric Manager restart); collect nvidia-bug-report.sh.</source>
        <translation>排空该节点，重置交换结构（重启，或 nvidia-smi -r 并重启 Fabric Manager）；收集 nvidia-bug-report.sh。</translation>
    </message>
    <message>
        <source>NVSwitch error (SXid)</source>
        <translation>NVSwitch 错误（SXid）</translation>
    </message>
    <message>
        <source>An NVSwitch reported a non-fatal error on a port or link.</source>
        <translation>一个 NVSwitch 在某个端口或链路上报告了非致命错误。</translation>
    </message>
    <message>
        <source>Watch for repeats on the same link; check Fabric Manager logs.</source>
        <translation>留意同一链路上是否重复出现；检查 Fabric Manager 日志。</translation>
    </message>
    <message>
        <source>Row remapping failure</source>
        <translation>行重映射失败</translation>
    </message>
    <message>
        <source>The GPU has no spare rows left to remap failing memory.</source>
        <translation>GPU 已没有备用行可用于重映射故障显存。</translation>
    </message>
    <message>
        <source>Replace the GPU: it will keep producing uncorrectable errors.</source>
        <translation>更换该 GPU：它会不断产生不可纠正的错误。</translation>
    </message>
    <message>
        <source>Uncorrectable ECC error</source>
        <translation>不可纠正的 ECC 错误</translation>
    </message>
    <message>
        <source>GPU memory reported an uncorrectable ECC error.</source>
        <translation>GPU 显存报告了不可纠正的 ECC 错误。</translation>
    </message>
    <message>
        <source>Drain and reset the GPU; check remapped rows; replace it if errors recur.</source>
        <translation>排空并重置该 GPU；检查已重映射的行；若错误再次出现，更换它。</translation>
    </message>
    <message>
        <source>GPU has fallen off the bus</source>
        <translation>GPU 已从总线上掉线</translation>
    </message>
    <message>
        <source>Thermal slowdown</source>
        <translation>过热降频</translation>
    </message>
    <message>
        <source>The GPU lowered its clocks because it is too hot; jobs run slower.</source>
        <translation>GPU 因温度过高而降低了时钟频率；作业运行变慢。</translation>
    </message>
    <message>
        <source>Check airflow, fans and inlet temperature; lower the power limit until it cools.</source>
        <translation>检查气流、风扇和进风温度；降低功耗上限直到它冷却。</translation>
    </message>
    <message>
        <source>NCCL unhandled system error</source>
        <translation>NCCL 未处理的系统错误</translation>
    </message>
    <message>
        <source>NCCL failed on a system call or the network (often an InfiniBand/RoCE or shared-memory problem).</source>
        <translation>NCCL 在系统调用或网络上失败（常见于 InfiniBand/RoCE 或共享内存问题）。</translation>
    </message>
    <message>
        <source>Rerun with NCCL_DEBUG=INFO; check the NICs&apos; links and /dev/shm size on the ranks&apos; nodes.</source>
        <translation>以 NCCL_DEBUG=INFO 重新运行；检查各 rank 所在节点的网卡链路和 /dev/shm 大小。</translation>
    </message>
    <message>
        <source>NCCL collective timeout</source>
        <translation>NCCL 集合通信超时</translation>
    </message>
    <message>
        <source>A collective did not finish in time: a rank hung, died or lost its network.</source>
        <translation>一次集合通信未能按时完成：某个 rank 挂起、退出或失去了网络。</translation>
    </message>
    <message>
        <source>Find the slow or dead rank (its node&apos;s GPU and NIC events); restart the job from its checkpoint.</source>
        <translation>找出缓慢或已退出的 rank（查看其节点的 GPU 和网卡事件）；从检查点重新启动作业。</translation>
    </message>
    <message>
        <source>NCCL warning</source>
        <translation>NCCL 警告</translation>
    </message>
    <message>
        <source>NCCL reported a problem; it may have fallen back to a slower path.</source>
        <translation>NCCL 报告了一个问题；它可能已退回到较慢的路径。</translation>
    </message>
    <message>
        <source>Read the rest of the line; check NVLink and NIC events on the same node.</source>
        <translation>阅读该行的其余部分；检查同一节点上的 NVLink 和网卡事件。</translation>
    </message>
    <message>
        <source>CUDA out of memory</source>
        <translation>CUDA 显存不足</translation>
    </message>
    <message>
        <source>A job asked for more GPU memory than is free.</source>
        <translation>某作业申请的 GPU 显存超过了空闲量。</translation>
    </message>
    <message>
        <source>Lower the batch size or model shard, or ask for GPUs with more memory.</source>
        <translation>减小批次大小或模型分片，或申请显存更大的 GPU。</translation>
    </message>
    <message>
        <source>PFC pause storm</source>
        <translation>PFC 暂停帧风暴</translation>
    </message>
    <message>
        <source>A NIC or switch port is sending or receiving a storm of PFC pause frames: RoCE traffic stalls.</source>
        <translation>某个网卡或交换机端口正在发送或接收大量 PFC 暂停帧：RoCE 流量停滞。</translation>
    </message>
    <message>
        <source>Find the port that sends pauses (a stuck host); check ECN/PFC settings and the switch&apos;s storm guard.</source>
        <translation>找出发送暂停帧的端口（一台卡住的主机）；检查 ECN/PFC 设置和交换机的风暴防护。</translation>
    </message>
    <message>
        <source>RoCE/InfiniBand link down</source>
        <translation>RoCE/InfiniBand 链路断开</translation>
    </message>
    <message>
        <source>A high-speed NIC port lost its link: collectives over it fail or slow down.</source>
        <translation>一个高速网卡端口失去链路：经过它的集合通信会失败或变慢。</translation>
    </message>
    <message>
        <source>Check the cable, the transceiver and the switch port; ibstat / ip link on the node.</source>
        <translation>检查线缆、光模块和交换机端口；在该节点上运行 ibstat / ip link。</translation>
    </message>
    <message>
        <source>Kernel OOM killer</source>
        <translation>内核 OOM killer</translation>
    </message>
    <message>
        <source>The node ran out of memory and the kernel killed a process.</source>
        <translation>该节点内存耗尽，内核终止了一个进程。</translation>
    </message>
    <message>
        <source>Find the killed process in the line; limit host memory per job (cgroups, --mem) or add memory.</source>
        <translation>在该行中找到被终止的进程；限制每个作业的主机内存（cgroups、--mem）或增加内存。</translation>
    </message>
    <message>
        <source>Slurm node not responding</source>
        <translation>Slurm 节点无响应</translation>
    </message>
    <message>
        <source>slurmctld lost contact with a node&apos;s slurmd; its jobs may be requeued.</source>
        <translation>slurmctld 与某节点的 slurmd 失去联系；其作业可能被重新排队。</translation>
    </message>
    <message>
        <source>Check that the node is up, slurmd runs (systemctl status slurmd) and the network reaches it.</source>
        <translation>确认该节点在线、slurmd 正在运行（systemctl status slurmd）且网络可达。</translation>
    </message>
    <message>
        <source>slurmd failure</source>
        <translation>slurmd 故障</translation>
    </message>
    <message>
        <source>slurmd reported an error or a fatal condition.</source>
        <translation>slurmd 报告了错误或致命情况。</translation>
    </message>
    <message>
        <source>Read slurmd&apos;s log on the node (journalctl -u slurmd); fix and restart slurmd.</source>
        <translation>阅读该节点上 slurmd 的日志（journalctl -u slurmd）；修复后重启 slurmd。</translation>
    </message>
    <message>
        <source>kubelet failure</source>
        <translation>kubelet 故障</translation>
    </message>
    <message>
        <source>kubelet reported a failure (node not ready, PLEG unhealthy, eviction, device plugin).</source>
        <translation>kubelet 报告了故障（节点未就绪、PLEG 不健康、驱逐、设备插件）。</translation>
    </message>
    <message>
        <source>Read kubelet&apos;s log (journalctl -u kubelet); check the NVIDIA device plugin and container runtime.</source>
        <translation>阅读 kubelet 的日志（journalctl -u kubelet）；检查 NVIDIA 设备插件和容器运行时。</translation>
    </message>
</context>
</TS>
