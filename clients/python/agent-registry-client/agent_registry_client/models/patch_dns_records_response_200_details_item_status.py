from enum import StrEnum


class PatchDnsRecordsResponse200DetailsItemStatus(StrEnum):
    CREATED = "created"
    DELETED = "deleted"
    UNCHANGED = "unchanged"
    UPDATED = "updated"

    def __str__(self) -> str:
        return str(self.value)
