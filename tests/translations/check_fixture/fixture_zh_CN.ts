<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Fixture</name>
    <message>
        <source>Translated</source>
        <translation>已翻译</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 的</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>Gone</source>
        <translation>已删除</translation>
    </message>
</context>
</TS>
