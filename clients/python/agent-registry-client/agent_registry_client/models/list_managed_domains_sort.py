from enum import StrEnum


class ListManagedDomainsSort(StrEnum):
    EXPIRY = "expiry"
    REGISTERED = "registered"

    def __str__(self) -> str:
        return str(self.value)
