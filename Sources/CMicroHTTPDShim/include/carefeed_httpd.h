#ifndef CAREFEED_HTTPD_H
#define CAREFEED_HTTPD_H

#include <microhttpd.h>
#include <stddef.h>
#include <stdint.h>

/* libmicrohttpd's MHD_start_daemon and MHD_get_connection_info are
   variadic, which Swift cannot call. These pass the options CareFeed uses
   as plain values, and read the two facts of a connection it needs. */

/* What the daemon is started with. */
struct carefeed_httpd_settings {
    /* IPv4, as dotted text. */
    const char *address;
    uint16_t port;
    unsigned int connection_timeout_seconds;
    unsigned int connection_limit;
    /* Connections the kernel may hold before the daemon accepts them. */
    int listen_backlog;
    size_t connection_memory_limit;
    size_t thread_stack_size;
    unsigned int thread_pool_size;
    MHD_AccessHandlerCallback handler;
    MHD_RequestCompletedCallback completed;
    MHD_NotifyConnectionCallback notify_connection;
    /* Given to all three callbacks. */
    void *context;
    /* PEM texts of the TLS key and certificate (chain), or NULL for plain HTTP. */
    const char *tls_key_pem;
    const char *tls_cert_pem;
};

/* Starts a daemon with a pool of threads polling with epoll, where
   connections may be suspended and resumed; `bound_port` receives the port
   bound, the one asked for or the one the system chose for port 0. Returns
   NULL (with errno set where the system set it) when the address is not
   IPv4 or the port cannot be bound. With a key and certificate, every
   connection is TLS, through libmicrohttpd's GnuTLS. */
struct MHD_Daemon *carefeed_httpd_start(const struct carefeed_httpd_settings *settings, uint16_t *bound_port);

/* The connection's socket, or -1. */
int carefeed_httpd_connection_socket(struct MHD_Connection *connection);

/* The client's IPv4 address in network byte order, or 0 when unknown. */
uint32_t carefeed_httpd_connection_client(struct MHD_Connection *connection);

#endif
