#ifndef CAREFEED_HTTPD_H
#define CAREFEED_HTTPD_H

#include <microhttpd.h>
#include <stddef.h>
#include <stdint.h>

/* libmicrohttpd's MHD_start_daemon and MHD_get_daemon_info are variadic,
   which Swift cannot call. These pass the options CareFeed uses as plain
   arguments. */

/* Starts a daemon with a pool of threads polling with epoll, where
   connections may be suspended and resumed, bound to an IPv4 address given
   as dotted text; `bound_port` receives the port bound, the one asked for or
   the one the system chose for port 0. Returns NULL (with errno set where
   the system set it) when the address is not IPv4 or the port cannot be
   bound. */
struct MHD_Daemon *carefeed_httpd_start(const char *address, uint16_t port, uint16_t *bound_port,
                                        unsigned int connection_timeout_seconds,
                                        unsigned int connection_limit,
                                        size_t connection_memory_limit,
                                        size_t thread_stack_size,
                                        unsigned int thread_pool_size,
                                        MHD_AccessHandlerCallback handler, void *handler_context,
                                        MHD_RequestCompletedCallback completed, void *completed_context);


#endif
