#!/usr/bin/env node
// Validates Kubernetes manifests (YAML or JSON, several documents per file) against the
// Kubernetes OpenAPI schema as the npm package kubernetes-models ships it; a Volcano PodGroup
// (a custom resource kubernetes-models does not carry) against the openAPIV3Schema of Volcano's
// CRD (podgroup-schema.json, transcribed from volcano-sh/volcano, installer/helm/chart/volcano/
// crd/bases/scheduling.volcano.sh_podgroups.yaml, version v1beta1) with its metadata checked as
// an ObjectMeta.
//
//   node validate.js FILE...   ("-" or no file: standard input)
//
// Prints "ok N documents" and exits 0, or one line per error ("doc 2 Job/train: /spec/template/
// spec/containers/0/image must be string") and exits 1; 2 when a file cannot be read or parsed.
"use strict";
const fs = require("fs");
const path = require("path");
const YAML = require("yaml");
const Ajv = require("ajv");
const { ObjectMeta } = require("@kubernetes-models/apimachinery/apis/meta/v1/ObjectMeta");

const podGroupSchema = JSON.parse(fs.readFileSync(path.join(__dirname, "podgroup-schema.json"), "utf8"));
const validatePodGroup = new Ajv({ allErrors: true, strict: false }).compile(podGroupSchema);

function modelFor(apiVersion, kind) {
  if (typeof apiVersion !== "string" || typeof kind !== "string" || !/^[A-Za-z0-9]+$/.test(kind))
    return null;
  // "batch/v1" -> kubernetes-models/batch/v1/Job; "v1" -> kubernetes-models/v1/ResourceQuota
  const dir = apiVersion.split("/").map((p) => p.replace(/[^a-z0-9.]/g, "")).join("/");
  try {
    const mod = require(`kubernetes-models/${dir}/${kind}`);
    return mod[kind] || null;
  } catch (e) {
    return null;
  }
}

function describe(x) {
  const extra = x.params && x.params.additionalProperty ? ` (${x.params.additionalProperty})` : "";
  return `${x.instancePath || "/"} ${x.message}${extra}`;
}

function errorsOf(doc) {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc))
    return ["is not an object"];
  if (doc.apiVersion === "scheduling.volcano.sh/v1beta1" && doc.kind === "PodGroup") {
    const errors = [];
    if (!validatePodGroup(doc))
      for (const e of validatePodGroup.errors) errors.push(describe(e));
    try {
      new ObjectMeta(doc.metadata || {}).validate();
    } catch (e) {
      errors.push(`/metadata: ${e.message}`);
    }
    return errors;
  }
  const Model = modelFor(doc.apiVersion, doc.kind);
  if (!Model) return [`unknown apiVersion/kind ${doc.apiVersion}/${doc.kind}`];
  try {
    new Model(doc).validate();
    return [];
  } catch (e) {
    if (Array.isArray(e.errors) && e.errors.length)
      return e.errors.map(describe);
    return [e.message];
  }
}

const files = process.argv.slice(2);
if (files.length === 0) files.push("-");
let count = 0;
let failed = false;
for (const file of files) {
  let text;
  try {
    text = fs.readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (e) {
    console.error(`${file}: ${e.message}`);
    process.exit(2);
  }
  const docs = YAML.parseAllDocuments(text);
  for (const [i, d] of docs.entries()) {
    if (d.errors.length) {
      console.error(`${file}: doc ${i + 1}: ${d.errors[0].message}`);
      process.exit(2);
    }
    const doc = d.toJS();
    if (doc === null) continue; // an empty document (a trailing "---")
    count++;
    const name = `${doc.kind}/${doc.metadata && doc.metadata.name}`;
    for (const e of errorsOf(doc)) {
      console.log(`doc ${i + 1} ${name}: ${e}`);
      failed = true;
    }
  }
}
if (!failed) console.log(`ok ${count} documents`);
process.exit(failed ? 1 : 0);
