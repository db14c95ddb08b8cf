from enum import StrEnum


class SearchDomainsResponse200ResultsItemReason(StrEnum):
    AVAILABLE = "available"
    BEING_REGISTERED = "being_registered"
    NAMESPACE_COMING_SOON = "namespace_coming_soon"
    REGISTERED = "registered"
    RESERVED = "reserved"
    SUNRISE_WHITELIST_ONLY = "sunrise_whitelist_only"

    def __str__(self) -> str:
        return str(self.value)
