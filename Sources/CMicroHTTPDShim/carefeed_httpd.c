#include "carefeed_httpd.h"

#include <arpa/inet.h>
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct MHD_Daemon *carefeed_httpd_start(const struct carefeed_httpd_settings *settings, uint16_t *bound_port) {
    struct sockaddr_in socket_address;
    memset(&socket_address, 0, sizeof socket_address);
    socket_address.sin_family = AF_INET;
    socket_address.sin_port = htons(settings->port);
    if (inet_pton(AF_INET, settings->address, &socket_address.sin_addr) != 1) {
        errno = EINVAL;
        return NULL;
    }
    /* The socket is made here, so its port (the one the system chose for
       port 0) is read from it rather than from the daemon. */
    int listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (listener < 0) {
        return NULL;
    }
    int yes = 1;
    struct sockaddr_in bound;
    socklen_t length = sizeof bound;
    if (setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes) != 0
        || bind(listener, (struct sockaddr *) &socket_address, sizeof socket_address) != 0
        || listen(listener, settings->listen_backlog) != 0
        || getsockname(listener, (struct sockaddr *) &bound, &length) != 0) {
        int saved = errno;
        close(listener);
        errno = saved;
        return NULL;
    }
    *bound_port = ntohs(bound.sin_port);
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    /* One list of options, with TLS's among them when there is a key: an
       option taking two pointers has the first as `value`, the second as
       `ptr_value`, as MHD_OPTION_ARRAY reads them. */
    struct MHD_OptionItem options[12];
    int count = 0;
    options[count++] = (struct MHD_OptionItem) {MHD_OPTION_LISTEN_SOCKET, listener, NULL};
    if (settings->tls_key_pem != NULL && settings->tls_cert_pem != NULL) {
        flags |= MHD_USE_TLS;
        options[count++] = (struct MHD_OptionItem) {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *) settings->tls_key_pem};
        options[count++] = (struct MHD_OptionItem) {MHD_OPTION_HTTPS_MEM_CERT, 0, (void *) settings->tls_cert_pem};
    }
    options[count++] = (struct MHD_OptionItem) {MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout_seconds, NULL};
    options[count++] = (struct MHD_OptionItem) {MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit, NULL};
    options[count++] = (struct MHD_OptionItem) {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t) settings->connection_memory_limit, NULL};
    options[count++] = (struct MHD_OptionItem) {MHD_OPTION_THREAD_STACK_SIZE, (intptr_t) settings->thread_stack_size, NULL};
    options[count++] = (struct MHD_OptionItem) {MHD_OPTION_THREAD_POOL_SIZE, settings->thread_pool_size, NULL};
    options[count++] = (struct MHD_OptionItem) {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t) settings->completed, settings->context};
    options[count++] = (struct MHD_OptionItem) {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t) settings->notify_connection,
                                                settings->context};
    options[count++] = (struct MHD_OptionItem) {MHD_OPTION_END, 0, NULL};
    struct MHD_Daemon *daemon = MHD_start_daemon(flags, 0, NULL, NULL, settings->handler, settings->context,
                                                 MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    if (daemon == NULL) {
        close(listener);
    }
    return daemon;
}

int carefeed_httpd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

uint32_t carefeed_httpd_connection_client(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || info->client_addr->sa_family != AF_INET) {
        return 0;
    }
    return ((const struct sockaddr_in *) info->client_addr)->sin_addr.s_addr;
}
