from enum import StrEnum


class PatchDnsRecordsResponse200Sync(StrEnum):
    PENDING = "pending"
    PUBLISHED = "published"

    def __str__(self) -> str:
        return str(self.value)
