from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.lookup_domain_response_200_domain_lock_statuses_item import LookupDomainResponse200DomainLockStatusesItem

T = TypeVar("T", bound="LookupDomainResponse200Domain")


@_attrs_define
class LookupDomainResponse200Domain:
    """
    Attributes:
        name (str):
        namespace (str):
        status (str):
        registration_date (str): ISO 8601 timestamp with milliseconds and Z
        expiry_date (str): ISO 8601 timestamp with milliseconds and Z
        locked (bool): Its owner locked it: every move is refused until an unlock takes effect
        lock_statuses (list[LookupDomainResponse200DomainLockStatusesItem]): RFC 8056 statuses while locked (as RDAP
            shows them); [] unlocked
    """

    name: str
    namespace: str
    status: str
    registration_date: str
    expiry_date: str
    locked: bool
    lock_statuses: list[LookupDomainResponse200DomainLockStatusesItem]

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        namespace = self.namespace

        status = self.status

        registration_date = self.registration_date

        expiry_date = self.expiry_date

        locked = self.locked

        lock_statuses = []
        for lock_statuses_item_data in self.lock_statuses:
            lock_statuses_item = lock_statuses_item_data.value
            lock_statuses.append(lock_statuses_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "namespace": namespace,
                "status": status,
                "registration_date": registration_date,
                "expiry_date": expiry_date,
                "locked": locked,
                "lock_statuses": lock_statuses,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        namespace = d.pop("namespace")

        status = d.pop("status")

        registration_date = d.pop("registration_date")

        expiry_date = d.pop("expiry_date")

        locked = d.pop("locked")

        lock_statuses = []
        _lock_statuses = d.pop("lock_statuses")
        for lock_statuses_item_data in _lock_statuses:
            lock_statuses_item = LookupDomainResponse200DomainLockStatusesItem(lock_statuses_item_data)

            lock_statuses.append(lock_statuses_item)

        lookup_domain_response_200_domain = cls(
            name=name,
            namespace=namespace,
            status=status,
            registration_date=registration_date,
            expiry_date=expiry_date,
            locked=locked,
            lock_statuses=lock_statuses,
        )

        return lookup_domain_response_200_domain
