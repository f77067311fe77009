#pragma once
// A small certificate authority on OpenSSL 3's C API, for `supernodectl certs init`: a CA, a
// server certificate (SAN: 127.0.0.1, ::1, localhost and the hostnames given) and a client
// certificate for mutual TLS. Keys are EC P-256 and written 0600; certificates 0644.

#include "backend/model/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sn::rpc {

struct KeyAndCertificate {
    std::string keyPem;
    std::string certificatePem;
};

struct CertificateRequest {
    std::string commonName;
    std::vector<std::string> dnsNames;    // subjectAltName DNS entries
    std::vector<std::string> ipAddresses; // subjectAltName IP entries ("127.0.0.1", "::1")
    bool client = false;                  // extendedKeyUsage clientAuth instead of serverAuth
    std::int64_t notBeforeOffsetS = -300; // relative to now; a little back for clock skew
    std::int64_t validForS = 825LL * 24 * 3600;
};

Result<KeyAndCertificate> createCertificateAuthority(const std::string &commonName, std::int64_t validForS);
Result<KeyAndCertificate> issueCertificate(const KeyAndCertificate &ca, const CertificateRequest &request);

// The files `certs init DIR` writes.
struct CertificateFiles {
    std::string caCertificate, caKey, serverCertificate, serverKey, clientCertificate, clientKey;
};
CertificateFiles certificateFiles(const std::string &dir);

// Creates DIR (0700) with ca.pem/ca.key, server.pem/server.key, client.pem/client.key. Refuses to
// overwrite an existing CA.
Result<CertificateFiles> initCertificates(const std::string &dir, const std::vector<std::string> &hostnames);

// Writes text to path with the given mode, atomically (temporary file and rename).
Status writeFileWithMode(const std::string &path, const std::string &text, unsigned mode);
Result<std::string> readTextFile(const std::string &path);

} // namespace sn::rpc
