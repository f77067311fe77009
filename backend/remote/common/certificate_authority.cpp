#include "backend/remote/common/certificate_authority.h"

#include "backend/model/durable_file.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <memory>
#include <sstream>

namespace sn::rpc {

namespace {

template <typename T, void (*Free)(T *)> struct Deleter {
    void operator()(T *p) const { Free(p); }
};
using KeyPtr = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using CertPtr = std::unique_ptr<X509, Deleter<X509, X509_free>>;
using BioPtr = std::unique_ptr<BIO, Deleter<BIO, BIO_free_all>>;

Error opensslError(const std::string &what)
{
    char buffer[256] = {};
    ERR_error_string_n(ERR_get_error(), buffer, sizeof buffer);
    return Error{ErrorCode::Internal, what + ": " + buffer};
}

std::string bioText(BIO *bio)
{
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    return std::string(data, static_cast<std::size_t>(size));
}

Result<std::string> keyToPem(EVP_PKEY *key)
{
    BioPtr bio(BIO_new(BIO_s_mem()));
    if (!PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr))
        return opensslError("writing a private key");
    return bioText(bio.get());
}

Result<std::string> certToPem(X509 *cert)
{
    BioPtr bio(BIO_new(BIO_s_mem()));
    if (!PEM_write_bio_X509(bio.get(), cert))
        return opensslError("writing a certificate");
    return bioText(bio.get());
}

Result<KeyPtr> keyFromPem(const std::string &pem)
{
    BioPtr bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    KeyPtr key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
    if (!key)
        return opensslError("reading the CA key");
    return key;
}

Result<CertPtr> certFromPem(const std::string &pem)
{
    BioPtr bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    CertPtr cert(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
    if (!cert)
        return opensslError("reading the CA certificate");
    return cert;
}

bool addExtension(X509 *cert, X509 *issuer, int nid, const std::string &value)
{
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.c_str());
    if (!ext)
        return false;
    const bool ok = X509_add_ext(cert, ext, -1) == 1;
    X509_EXTENSION_free(ext);
    return ok;
}

// A certificate for `key`, signed by issuerKey (self-signed when issuer is null).
Result<CertPtr> makeCertificate(EVP_PKEY *key, const std::string &cn, X509 *issuer, EVP_PKEY *issuerKey,
                                std::int64_t notBeforeOffsetS, std::int64_t validForS,
                                const std::vector<std::pair<int, std::string>> &extensions)
{
    CertPtr cert(X509_new());
    X509_set_version(cert.get(), 2);
    unsigned char serial[16];
    RAND_bytes(serial, sizeof serial);
    serial[0] &= 0x7f; // positive
    BIGNUM *bn = BN_bin2bn(serial, sizeof serial, nullptr);
    BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert.get()));
    BN_free(bn);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), static_cast<long>(notBeforeOffsetS));
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), static_cast<long>(notBeforeOffsetS + validForS));
    X509_set_pubkey(cert.get(), key);
    X509_NAME *name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC, reinterpret_cast<const unsigned char *>("SuperNode"), -1, -1,
                               0);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char *>(cn.c_str()), -1, -1,
                               0);
    X509_set_issuer_name(cert.get(), issuer ? X509_get_subject_name(issuer) : name);
    for (const auto &[nid, value] : extensions)
        if (!addExtension(cert.get(), issuer ? issuer : cert.get(), nid, value))
            return opensslError("adding the extension " + value);
    if (X509_sign(cert.get(), issuerKey ? issuerKey : key, EVP_sha256()) == 0)
        return opensslError("signing the certificate of " + cn);
    return cert;
}

Result<KeyAndCertificate> bundle(EVP_PKEY *key, X509 *cert)
{
    auto keyPem = keyToPem(key);
    if (!keyPem)
        return keyPem.error();
    auto certPem = certToPem(cert);
    if (!certPem)
        return certPem.error();
    return KeyAndCertificate{*keyPem, *certPem};
}

} // namespace

Result<KeyAndCertificate> createCertificateAuthority(const std::string &commonName, std::int64_t validForS)
{
    KeyPtr key(EVP_EC_gen("P-256"));
    if (!key)
        return opensslError("generating the CA key");
    auto cert = makeCertificate(key.get(), commonName, nullptr, nullptr, -300, validForS,
                                {{NID_basic_constraints, "critical,CA:TRUE"},
                                 {NID_key_usage, "critical,keyCertSign,cRLSign"},
                                 {NID_subject_key_identifier, "hash"}});
    if (!cert)
        return cert.error();
    return bundle(key.get(), cert->get());
}

Result<KeyAndCertificate> issueCertificate(const KeyAndCertificate &ca, const CertificateRequest &request)
{
    auto caKey = keyFromPem(ca.keyPem);
    if (!caKey)
        return caKey.error();
    auto caCert = certFromPem(ca.certificatePem);
    if (!caCert)
        return caCert.error();
    KeyPtr key(EVP_EC_gen("P-256"));
    if (!key)
        return opensslError("generating a key");
    std::string san;
    for (const std::string &d : request.dnsNames)
        san += (san.empty() ? "DNS:" : ",DNS:") + d;
    for (const std::string &ip : request.ipAddresses)
        san += (san.empty() ? "IP:" : ",IP:") + ip;
    std::vector<std::pair<int, std::string>> ext{{NID_basic_constraints, "critical,CA:FALSE"},
                                                 {NID_key_usage, "critical,digitalSignature,keyEncipherment"},
                                                 {NID_ext_key_usage, request.client ? "clientAuth" : "serverAuth"},
                                                 {NID_authority_key_identifier, "keyid:always"}};
    if (!san.empty())
        ext.emplace_back(NID_subject_alt_name, san);
    auto cert = makeCertificate(key.get(), request.commonName, caCert->get(), caKey->get(), request.notBeforeOffsetS,
                                request.validForS, ext);
    if (!cert)
        return cert.error();
    return bundle(key.get(), cert->get());
}

CertificateFiles certificateFiles(const std::string &dir)
{
    return {dir + "/ca.pem",     dir + "/ca.key",     dir + "/server.pem",
            dir + "/server.key", dir + "/client.pem", dir + "/client.key"};
}

Status writeFileWithMode(const std::string &path, const std::string &text, unsigned mode)
{
    return replaceFileDurably(path, text, mode);
}

Result<std::string> readTextFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return invalidArgument(path + ": cannot read");
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

Result<CertificateFiles> initCertificates(const std::string &dir, const std::vector<std::string> &hostnames)
{
    const CertificateFiles files = certificateFiles(dir);
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
        return invalidArgument(dir + ": cannot create the directory");
    if (::access(files.caKey.c_str(), F_OK) == 0)
        return failedPrecondition(files.caKey + " exists already; certs init never overwrites a CA");
    auto ca = createCertificateAuthority("SuperNode CA", 10LL * 365 * 24 * 3600);
    if (!ca)
        return ca.error();
    CertificateRequest server;
    server.commonName = hostnames.empty() ? "localhost" : hostnames.front();
    server.dnsNames = {"localhost"};
    server.ipAddresses = {"127.0.0.1", "::1"};
    for (const std::string &h : hostnames) {
        const bool ip = h.find_first_not_of("0123456789.") == std::string::npos || h.find(':') != std::string::npos;
        (ip ? server.ipAddresses : server.dnsNames).push_back(h);
    }
    auto serverCert = issueCertificate(*ca, server);
    if (!serverCert)
        return serverCert.error();
    CertificateRequest client;
    client.commonName = "supernode-client";
    client.client = true;
    auto clientCert = issueCertificate(*ca, client);
    if (!clientCert)
        return clientCert.error();
    for (const auto &[path, text, mode] : std::vector<std::tuple<std::string, std::string, unsigned>>{
             {files.caKey, ca->keyPem, 0600},
             {files.caCertificate, ca->certificatePem, 0644},
             {files.serverKey, serverCert->keyPem, 0600},
             {files.serverCertificate, serverCert->certificatePem, 0644},
             {files.clientKey, clientCert->keyPem, 0600},
             {files.clientCertificate, clientCert->certificatePem, 0644}})
        if (Status s = writeFileWithMode(path, text, mode); !s)
            return s.error();
    return files;
}

} // namespace sn::rpc
