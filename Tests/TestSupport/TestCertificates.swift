#if WebSocket
import Crypto
import Foundation
package import HummingbirdTLS
import SwiftASN1
import X509

/// A certificate authority and a server certificate for `localhost` (and, unless told
/// otherwise, the loopback addresses 127.0.0.1 and ::1) signed by it, made afresh for each
/// test run (no key is kept in the repository): the server presents the certificate, the
/// app trusts the authority.
package struct TestCertificates {
    package let authority: NIOSSLCertificate
    package let server: NIOSSLCertificate
    package let serverKey: NIOSSLPrivateKey
    /// The same three as PEM text, for programs that read files.
    package let authorityPEM: String
    package let serverPEM: String
    package let serverKeyPEM: String

    /// Certificates whose server certificate names `localhost` and `ipAddresses` (IPv4 or
    /// IPv6 literals) in its subjectAltName.
    package init(ipAddresses: [String] = ["127.0.0.1", "::1"]) throws {
        let addressNames = try ipAddresses.map { address in
            guard let bytes = Self.bytes(ofIPAddress: address) else { throw CertificateError.notAnIPAddress(address) }
            return GeneralName.ipAddress(ASN1OctetString(contentBytes: bytes[...]))
        }
        let authorityKey = P256.Signing.PrivateKey()
        let authorityName = try DistinguishedName { CommonName("ListAdapter test authority") }
        let now = Date()
        let authority = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(authorityKey.publicKey),
            notValidBefore: now - 3_600, notValidAfter: now + 86_400, issuer: authorityName, subject: authorityName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(authorityKey)
        )
        let serverKey = P256.Signing.PrivateKey()
        let server = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(serverKey.publicKey),
            notValidBefore: now - 3_600, notValidAfter: now + 86_400, issuer: authorityName,
            subject: try DistinguishedName { CommonName("localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                SubjectAlternativeNames([.dnsName("localhost")] + addressNames)
            },
            issuerPrivateKey: .init(authorityKey)
        )
        authorityPEM = try authority.serializeAsPEM().pemString
        serverPEM = try server.serializeAsPEM().pemString
        serverKeyPEM = serverKey.pemRepresentation
        self.authority = try NIOSSLCertificate(bytes: Array(authorityPEM.utf8), format: .pem)
        self.server = try NIOSSLCertificate(bytes: Array(serverPEM.utf8), format: .pem)
        self.serverKey = try NIOSSLPrivateKey(bytes: Array(serverKeyPEM.utf8), format: .pem)
    }

    enum CertificateError: Error {
        case notAnIPAddress(String)
    }

    /// The 4 or 16 bytes of an IPv4 or IPv6 literal; `nil` for anything else.
    static func bytes(ofIPAddress address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// What the server presents.
    package var serverConfiguration: TLSConfiguration {
        TLSConfiguration.makeServerConfiguration(certificateChain: [.certificate(server)], privateKey: .privateKey(serverKey))
    }

    /// An app that trusts only the test authority.
    package var clientConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([authority])
        return configuration
    }
}
#endif
