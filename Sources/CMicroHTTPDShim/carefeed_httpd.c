#include "carefeed_httpd.h"

#include <arpa/inet.h>
#include <errno.h>
#include <string.h>

struct MHD_Daemon *carefeed_httpd_start(const char *address, uint16_t port,
                                        unsigned int connection_timeout_seconds,
                                        unsigned int connection_limit,
                                        size_t connection_memory_limit,
                                        size_t thread_stack_size,
                                        MHD_AccessHandlerCallback handler, void *handler_context,
                                        MHD_RequestCompletedCallback completed, void *completed_context) {
    struct sockaddr_in socket_address;
    memset(&socket_address, 0, sizeof socket_address);
    socket_address.sin_family = AF_INET;
    socket_address.sin_port = htons(port);
    if (inet_pton(AF_INET, address, &socket_address.sin_addr) != 1) {
        errno = EINVAL;
        return NULL;
    }
    return MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC,
                            port, NULL, NULL, handler, handler_context,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *) &socket_address,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_THREAD_STACK_SIZE, thread_stack_size,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_END);
}

uint16_t carefeed_httpd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
