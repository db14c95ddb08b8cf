from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_namespace_response_200_capability_type_1_payment_methods_item_network_availability_additional_property import (
    GetNamespaceResponse200CapabilityType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty,
)

T = TypeVar("T", bound="GetNamespaceResponse200CapabilityType1PaymentMethodsItemNetworkAvailability")


@_attrs_define
class GetNamespaceResponse200CapabilityType1PaymentMethodsItemNetworkAvailability:
    additional_properties: dict[
        str, GetNamespaceResponse200CapabilityType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty
    ] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.value

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        get_namespace_response_200_capability_type_1_payment_methods_item_network_availability = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = (
                GetNamespaceResponse200CapabilityType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty(prop_dict)
            )

            additional_properties[prop_name] = additional_property

        get_namespace_response_200_capability_type_1_payment_methods_item_network_availability.additional_properties = (
            additional_properties
        )
        return get_namespace_response_200_capability_type_1_payment_methods_item_network_availability

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(
        self, key: str
    ) -> GetNamespaceResponse200CapabilityType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(
        self,
        key: str,
        value: GetNamespaceResponse200CapabilityType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty,
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
